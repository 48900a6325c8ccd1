import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { AccessTimeline } from './AccessTimeline';
import { MyAccessOverview } from './MyAccessOverview';
import { MyPermissions } from './MyPermissions';

type Tab = 'overview' | 'timeline' | 'permissions';
const TABS: { id: Tab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'permissions', label: 'Permissions' },
];

/** The employee view of /access-control: only the signed-in person's own passages and areas. */
export function MyAccess() {
  const [tab, setTab] = useState<Tab>('overview');
  return (
    <div>
      <PageHeader title="My Access" description="Your building access, passages and authorized areas." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="My access views" idPrefix="my-access" />
      <TabPanel idPrefix="my-access" id={tab}>
        {tab === 'overview' ? (
          <MyAccessOverview />
        ) : tab === 'timeline' ? (
          <AccessTimeline />
        ) : (
          <MyPermissions />
        )}
      </TabPanel>
    </div>
  );
}
