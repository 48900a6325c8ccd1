import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { HolidaysPanel } from '../components/HolidaysPanel';
import { PeopleImportExport } from '../components/PeopleImportExport';
import { SettingsPanel } from '../components/SettingsPanel';

type Tab = 'people' | 'holidays' | 'settings';

const TABS: { id: Tab; label: string }[] = [
  { id: 'people', label: 'People' },
  { id: 'holidays', label: 'Schedules & Holidays' },
  { id: 'settings', label: 'Settings' },
];

/** The organisation's administration (admin): its calendar and its settings. */
export function OrganisationPage() {
  const [tab, setTab] = useState<Tab>('holidays');
  return (
    <>
      <PageHeader title="Organisation" description="Public holidays and the organisation's settings." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Organisation" idPrefix="organisation" />
      <TabPanel idPrefix="organisation" id={tab}>
        {tab === 'people' ? (
          <Card>
            <CardContent>
              <PeopleImportExport />
            </CardContent>
          </Card>
        ) : null}
        {tab === 'holidays' ? <HolidaysPanel /> : null}
        {tab === 'settings' ? <SettingsPanel /> : null}
      </TabPanel>
    </>
  );
}
