import { Outlet } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { AccessDenied } from './AccessDenied';

/** Admin-only routes; sits inside RequireAuth and the layout, so a user is always present. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  return isAdmin ? <Outlet /> : <AccessDenied />;
}
