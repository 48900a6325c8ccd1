import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { ViewSwitch } from '@/components/ui/ViewSwitch';
import { useAuth } from '@/lib/auth-context';
import { MyLeave } from '../components/MyLeave';

// Staff never download the administrators' screens.
const LeaveManagement = lazy(() =>
  import('../components/LeaveManagement').then((m) => ({ default: m.LeaveManagement })),
);

/**
 * /leave: My Leave for everybody; administrators, who are staff too, also get Leave Management and
 * switch between the two.
 */
export function LeavePage() {
  const { can } = useAuth();
  if (!can('leave.decide')) return <MyLeave />;
  return (
    <ViewSwitch
      manageLabel="Leave Management"
      mineLabel="My Leave"
      label="Leave view"
      idPrefix="leave-view"
      manage={() => (
        <Suspense fallback={<Spinner className="py-10" />}>
          <LeaveManagement />
        </Suspense>
      )}
      mine={() => <MyLeave />}
    />
  );
}
