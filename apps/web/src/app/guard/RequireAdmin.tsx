import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { AccessDenied } from './AccessDenied';

/**
 * What staff are told on the admin-only pages the spec names (section 6: "only administrators
 * can access people counting analytics or reports"), by the page's first path segment.
 */
const DENIED_DETAIL: Record<string, string> = {
  'people-counting': 'Only administrators can access people counting analytics.',
  reports: 'Only administrators can access reports.',
};

/** Admin-only routes; sits inside RequireAuth and the layout, so a user is always present. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  const { pathname } = useLocation();
  if (isAdmin) return <Outlet />;
  const section = pathname.split('/').filter(Boolean)[0] ?? '';
  return <AccessDenied detail={DENIED_DETAIL[section]} />;
}
