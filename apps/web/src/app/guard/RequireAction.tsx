import type { Action } from '@atrium/contract';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { AccessDenied } from './AccessDenied';
import { deniedDetail } from './denied-detail';

/**
 * Routes for whoever the contract's policy table lets do `action` at all, at any reach (Reports:
 * administrators over everyone, managers over their team). Sits inside RequireAuth and the layout,
 * so a user is always present.
 */
export function RequireAction({ action }: { action: Action }) {
  const { can } = useAuth();
  const { pathname } = useLocation();
  if (can(action)) return <Outlet />;
  return <AccessDenied detail={deniedDetail(pathname)} />;
}
