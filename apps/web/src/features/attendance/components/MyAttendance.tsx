import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { CalendarTab } from './CalendarTab';
import { MyCorrections } from './MyCorrections';
import { StatsTab } from './StatsTab';
import { TodayTab } from './TodayTab';

type Tab = 'statistics' | 'today' | 'calendar';
const TABS: { id: Tab; label: string }[] = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'today', label: 'Today' },
  { id: 'calendar', label: 'Calendar' },
];

export function MyAttendance() {
  const [tab, setTab] = useState<Tab>('statistics');
  return (
    <div>
      <PageHeader title="My Attendance" description="Your check-ins, hours and attendance history." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="My attendance views" idPrefix="my-attendance" />
      <TabPanel idPrefix="my-attendance" id={tab}>
        {tab === 'statistics' ? <StatsTab /> : tab === 'today' ? <TodayTab /> : <CalendarTab />}
      </TabPanel>
      <MyCorrections />
    </div>
  );
}
