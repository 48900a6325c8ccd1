import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { useAuth } from '@/lib/auth-context';
import { MyLeave } from '../components/MyLeave';

// Staff never download the administrators' screens.
const LeaveManagement = lazy(() =>
  import('../components/LeaveManagement').then((m) => ({ default: m.LeaveManagement })),
);

type View = 'manage' | 'mine';
const views: { id: View; label: string }[] = [
  { id: 'manage', label: 'Leave Management' },
  { id: 'mine', label: 'My Leave' },
];

/**
 * /leave: My Leave for everybody; administrators, who are staff too, also get Leave Management and
 * switch between the two (?view=mine keeps their choice in the address, so it survives a reload).
 */
export function LeavePage() {
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!can('leave.decide')) return <MyLeave />;
  const view: View = params.get('view') === 'mine' ? 'mine' : 'manage';
  const choose = (next: View) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'mine') updated.set('view', 'mine');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return (
    <>
      <Tabs
        tabs={views}
        value={view}
        onChange={choose}
        label="Leave view"
        idPrefix="leave-view"
        className="mb-4"
      />
      <TabPanel idPrefix="leave-view" id={view}>
        {view === 'mine' ? (
          <MyLeave />
        ) : (
          <Suspense fallback={<Spinner className="py-10" />}>
            <LeaveManagement />
          </Suspense>
        )}
      </TabPanel>
    </>
  );
}
