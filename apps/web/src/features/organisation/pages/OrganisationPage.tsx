import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { HolidaysPanel } from '../components/HolidaysPanel';
import { PeoplePanel } from '../components/PeoplePanel';
import { SettingsPanel } from '../components/SettingsPanel';

type Tab = 'people' | 'holidays' | 'settings';

const TABS: { id: Tab; label: string }[] = [
  { id: 'people', label: 'People' },
  { id: 'holidays', label: 'Schedules & Holidays' },
  { id: 'settings', label: 'Settings' },
];

/** The organisation's administration (admin): its people, its calendar and its settings. */
export function OrganisationPage() {
  const [tab, setTab] = useState<Tab>('people');
  return (
    <>
      <PageHeader
        title="Organisation"
        description="People, public holidays and the organisation's settings."
      />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Organisation" idPrefix="organisation" />
      <TabPanel idPrefix="organisation" id={tab}>
        {tab === 'people' ? <PeoplePanel /> : null}
        {tab === 'holidays' ? <HolidaysPanel /> : null}
        {tab === 'settings' ? <SettingsPanel /> : null}
      </TabPanel>
    </>
  );
}
