import { Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { ToastProvider } from '@/components/ui/ToastProvider';
import { useAppInfo } from '@/lib/app-info';
import { setOrganisationTimeZone } from '@/lib/org-time';
import { AuthProvider } from './AuthProvider';
import { useLiveInvalidation } from './live-invalidation';
import { SocketProvider } from './SocketProvider';

function LiveInvalidation() {
  useLiveInvalidation();
  return null;
}

/** Root route: providers that need the router (navigation on logout) wrap every page. */
export function AppRoot() {
  const appInfo = useAppInfo();
  // Pages format times on the organisation's clock, so its zone must be known before they render.
  if (appInfo.isPending) return <FullPageSpinner />;
  if (appInfo.data) setOrganisationTimeZone(appInfo.data.timezone);
  return (
    <ToastProvider>
      <AuthProvider>
        <SocketProvider>
          <LiveInvalidation />
          <ScrollRestoration />
          <Outlet />
        </SocketProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
