import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';

/** Guarded routes: wait for the session check, else send to /login remembering the page. */
export function RequireAuth() {
  const { status, signOutReason } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') {
    // After a deliberate logout the next person starts from the dashboard, not the last page.
    const state = signOutReason === 'logout' ? undefined : { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
