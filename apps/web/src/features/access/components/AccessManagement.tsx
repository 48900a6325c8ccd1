import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { SiteDayNote } from '@/components/ui/SiteDayNote';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { AccessLogs } from './AccessLogs';
import { LiveMonitoring } from './LiveMonitoring';

type Tab = 'monitoring' | 'logs';
const TABS: { id: Tab; label: string }[] = [
  { id: 'monitoring', label: 'Live Monitoring' },
  { id: 'logs', label: 'Access Logs' },
];

/** The administrator's view of /access-control: the building now, and its history. */
export function AccessManagement() {
  const [tab, setTab] = useState<Tab>('monitoring');
  return (
    <div>
      <PageHeader
        title="Access Control Management"
        description="Who is in the building, door devices, security alerts and every passage."
        actions={<SiteFilter />}
      />
      <SiteDayNote className="-mt-4 mb-4" />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Access control views" idPrefix="access" />
      <TabPanel idPrefix="access" id={tab}>
        {tab === 'monitoring' ? <LiveMonitoring /> : <AccessLogs />}
      </TabPanel>
    </div>
  );
}
