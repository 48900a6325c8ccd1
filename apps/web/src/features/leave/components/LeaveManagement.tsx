import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { PageHeader } from '@/components/ui/PageHeader';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { useAuth } from '@/lib/auth-context';
import { usePending } from '../api/leave-api';
import { AllApplications } from './AllApplications';
import { LeaveCalendar } from './LeaveCalendar';
import { PendingPanel } from './PendingPanel';
import { PoliciesPanel } from './PoliciesPanel';

type Tab = 'pending' | 'all' | 'calendar' | 'policies';

/**
 * Leave Management: decisions, the applications, the calendar and, for those who configure leave
 * (administrators), the policies. A manager sees their team's applications and no policies.
 */
export function LeaveManagement() {
  const { can } = useAuth();
  const configures = can('leave.configure');
  const [tab, setTab] = useState<Tab>('pending');
  const [pendingPage, setPendingPage] = useState(1);
  const pending = usePending(pendingPage);
  const count = pending.data?.total;
  const tabs: { id: Tab; label: string }[] = [
    { id: 'pending', label: count === undefined ? 'Pending' : `Pending (${count})` },
    { id: 'all', label: 'All Applications' },
    { id: 'calendar', label: 'Calendar View' },
    ...(configures ? [{ id: 'policies' as const, label: 'Policies' }] : []),
  ];
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Leave Management
            {count !== undefined && count > 0 ? (
              <Badge tone="warning" className="text-sm" data-testid="leave-pending-badge">
                {count} pending
              </Badge>
            ) : null}
          </span>
        }
        description={
          configures
            ? 'Review applications, see who is away and manage leave policies.'
            : "Review your team's applications and see who is away."
        }
      />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label="Leave Management" idPrefix="leave-admin" />
      <TabPanel idPrefix="leave-admin" id={tab}>
        {tab === 'pending' ? (
          <PendingPanel pending={pending} page={pendingPage} onPage={setPendingPage} />
        ) : null}
        {tab === 'all' ? <AllApplications /> : null}
        {tab === 'calendar' ? <LeaveCalendar /> : null}
        {tab === 'policies' && configures ? <PoliciesPanel /> : null}
      </TabPanel>
    </>
  );
}
