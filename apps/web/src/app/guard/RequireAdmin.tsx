import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { AccessDenied } from './AccessDenied';
import { deniedDetail } from './denied-detail';

/** Admin-only routes; sits inside RequireAuth and the layout, so a user is always present. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  const { pathname } = useLocation();
  if (isAdmin) return <Outlet />;
  return <AccessDenied detail={deniedDetail(pathname)} />;
}
