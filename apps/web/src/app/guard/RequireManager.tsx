import { Outlet } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { AccessDenied } from './AccessDenied';

/**
 * Manager-only routes (My Team): the session's role is manager. The contract's policy table has
 * no action for them, and an administrator, whose screens cover everyone, has none of these
 * pages. Sits inside RequireAuth and the layout, so a user is always present.
 */
export function RequireManager() {
  const { user } = useAuth();
  if (user?.role === 'manager') return <Outlet />;
  return <AccessDenied detail="Only managers can access My Team." />;
}
