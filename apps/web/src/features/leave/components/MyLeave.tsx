import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryState } from '@/components/ui/QueryState';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
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
  // The three load as one: the tab shows once all have come, and Retry asks again for the failed one.
  const leave = {
    data:
      balances.data && applications.data && types.data
        ? { balances: balances.data, applications: applications.data, types: types.data }
        : undefined,
    isError: failed !== undefined,
    refetch: () => failed?.refetch(),
  };

  return (
    <>
      <PageHeader title="My Leave" description="Your leave balances, applications and history." />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label="My Leave" idPrefix="my-leave" />
      <TabPanel idPrefix="my-leave" id={tab}>
        <QueryState query={leave} what="Leave information" loadingClassName="py-10">
          {(mine) =>
            tab === 'overview' ? (
              <LeaveOverview
                balances={mine.balances}
                applications={mine.applications}
                onApply={() => setTab('apply')}
                onHistory={() => setTab('history')}
              />
            ) : tab === 'apply' ? (
              // Unmounted on every tab switch, so coming back starts again at step 1.
              <ApplyWizard types={mine.types} balances={mine.balances} onDone={() => setTab('overview')} />
            ) : (
              <LeaveHistory applications={mine.applications} />
            )
          }
        </QueryState>
      </TabPanel>
    </>
  );
}
