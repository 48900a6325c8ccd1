import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { AccessLevelsPanel } from '@/features/access/components/AccessLevelsPanel';
import { ApiTokensPanel } from '@/features/api-tokens/components/ApiTokensPanel';
import { OutboxPanel } from '@/features/mail/components/OutboxPanel';
import { DepartmentsPanel } from '@/features/organisation/components/DepartmentsPanel';
import { HolidaysPanel } from '@/features/organisation/components/HolidaysPanel';
import { PayrollSettingsCard } from '@/features/organisation/components/PayrollSettingsCard';
import { SettingsPanel } from '@/features/organisation/components/SettingsPanel';
import { SingleSignOnPanel } from '@/features/organisation/components/SingleSignOnPanel';
import { WorkSchedulesCard } from '@/features/organisation/components/WorkSchedulesCard';
import { PeoplePanel } from '@/features/people/components/PeoplePanel';
import { SitesPanel } from '@/features/sites/components/SitesPanel';
import { WebhooksPanel } from '@/features/webhooks/components/WebhooksPanel';

type Tab =
  | 'people'
  | 'departments'
  | 'sites'
  | 'holidays'
  | 'access'
  | 'settings'
  | 'outbox'
  | 'api-tokens'
  | 'webhooks';

const TABS: { id: Tab; label: string }[] = [
  { id: 'people', label: 'People' },
  { id: 'departments', label: 'Departments' },
  { id: 'sites', label: 'Sites' },
  { id: 'holidays', label: 'Schedules & Holidays' },
  { id: 'access', label: 'Access Levels' },
  { id: 'settings', label: 'Settings' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'api-tokens', label: 'API Tokens' },
  { id: 'webhooks', label: 'Webhooks' },
];

/** The organisation's administration (admin): its people, departments, sites, calendar, access levels and settings. */
export function OrganisationPage() {
  const [tab, setTab] = useState<Tab>('people');
  return (
    <>
      <PageHeader
        title="Organisation"
        description="People, departments, sites, work schedules, public holidays, access levels and the organisation's settings."
      />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Organisation" idPrefix="organisation" />
      <TabPanel idPrefix="organisation" id={tab}>
        {tab === 'people' ? <PeoplePanel /> : null}
        {tab === 'departments' ? <DepartmentsPanel /> : null}
        {tab === 'sites' ? <SitesPanel /> : null}
        {tab === 'holidays' ? (
          <div className="grid gap-6">
            <WorkSchedulesCard />
            <HolidaysPanel />
          </div>
        ) : null}
        {tab === 'access' ? <AccessLevelsPanel /> : null}
        {tab === 'outbox' ? <OutboxPanel /> : null}
        {tab === 'api-tokens' ? <ApiTokensPanel /> : null}
        {tab === 'webhooks' ? <WebhooksPanel /> : null}
        {tab === 'settings' ? (
          <>
            <SettingsPanel />
            <PayrollSettingsCard />
            <SingleSignOnPanel />
          </>
        ) : null}
      </TabPanel>
    </>
  );
}
