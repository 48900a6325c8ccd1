import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { MyLeave } from '../components/MyLeave';

// Staff never download the administrators' screens.
const LeaveManagement = lazy(() =>
  import('../components/LeaveManagement').then((m) => ({ default: m.LeaveManagement })),
);

/** /leave: Leave Management for administrators, My Leave for everybody else. */
export function LeavePage() {
  const { can } = useAuth();
  if (!can('leave.decide')) return <MyLeave />;
  return (
    <Suspense fallback={<Spinner className="py-10" />}>
      <LeaveManagement />
    </Suspense>
  );
}
