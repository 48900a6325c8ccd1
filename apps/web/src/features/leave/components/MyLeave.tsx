import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { Unavailable } from '@/components/ui/Unavailable';
import { useLeaveTypes, useMyApplications, useMyBalance } from '../api/leave-api';
import { ApplyWizard } from './ApplyWizard';
import { LeaveHistory } from './LeaveHistory';
import { LeaveOverview } from './LeaveOverview';

type Tab = 'overview' | 'apply' | 'history';
const tabs: { id: Tab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'apply', label: 'Apply for Leave' },
  { id: 'history', label: 'History' },
];

/** My Leave (employee): balances, the application wizard and the applicant's history. */
export function MyLeave() {
  const [tab, setTab] = useState<Tab>('overview');
  const balances = useMyBalance();
  const applications = useMyApplications();
  const types = useLeaveTypes();

  const failed = [balances, applications, types].find((q) => q.isError);
  const loading = balances.isPending || applications.isPending || types.isPending;

  return (
    <>
      <PageHeader title="My Leave" description="Your leave balances, applications and history." />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label="My Leave" idPrefix="my-leave" />
      <TabPanel idPrefix="my-leave" id={tab}>
        {failed ? (
          <Unavailable what="Leave information" onRetry={() => void failed.refetch()} />
        ) : loading ? (
          <Spinner className="py-10" />
        ) : tab === 'overview' ? (
          <LeaveOverview
            balances={balances.data ?? []}
            applications={applications.data ?? []}
            onApply={() => setTab('apply')}
            onHistory={() => setTab('history')}
          />
        ) : tab === 'apply' ? (
          // Unmounted on every tab switch, so coming back starts again at step 1.
          <ApplyWizard
            types={types.data ?? []}
            balances={balances.data ?? []}
            onDone={() => setTab('overview')}
          />
        ) : (
          <LeaveHistory applications={applications.data ?? []} />
        )}
      </TabPanel>
    </>
  );
}
