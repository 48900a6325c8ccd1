import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '@/components/ui/ToastProvider';
import { AuthProvider } from './AuthProvider';
import { useLiveInvalidation } from './live-invalidation';
import { SocketProvider } from './SocketProvider';

function LiveInvalidation() {
  useLiveInvalidation();
  return null;
}

/** Root route: providers that need the router (navigation on logout) wrap every page. */
export function AppRoot() {
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
