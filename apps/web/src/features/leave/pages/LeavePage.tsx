import { lazy, Suspense } from 'react';
import { useAuth } from '@/app/providers/auth-context';
import { Spinner } from '@/components/ui/Spinner';
import { MyLeave } from '../components/MyLeave';

// Staff never download the administrators' screens.
const LeaveManagement = lazy(() =>
  import('../components/LeaveManagement').then((m) => ({ default: m.LeaveManagement })),
);

/** /leave: Leave Management for administrators, My Leave for everybody else. */
export function LeavePage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <MyLeave />;
  return (
    <Suspense fallback={<Spinner className="py-10" />}>
      <LeaveManagement />
    </Suspense>
  );
}
