import { allows, type User } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// RouterProvider comes from 'react-router', not 'react-router/dom': under vitest the two can load
// different builds of the package, and then hooks see no router.
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/ToastProvider';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { SocketContext, type SocketContextValue } from '@/lib/socket-context';

export const staffUser: User = {
  id: 2,
  first_name: 'Jamie',
  last_name: 'Carter',
  email: 'user@atrium.local',
  role: 'staff',
  department_id: 1,
  department_name: 'Warehouse',
};

export const adminUser: User = {
  id: 1,
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'admin@atrium.local',
  role: 'admin',
  department_id: 2,
  department_name: 'Head Office',
};

/** A staff member who manages Warehouse, so acts as a manager: decides their team's leave. */
export const managerUser: User = {
  id: 3,
  first_name: 'Sam',
  last_name: 'Rivera',
  email: 'manager@atrium.local',
  role: 'manager',
  department_id: 1,
  department_name: 'Warehouse',
};

/** An auth context for a signed-in user (or none), without a server behind it. */
export function fakeAuth(user: User | null, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user,
    status: user ? 'authenticated' : 'anonymous',
    can: (action) => user !== null && allows(user, action),
    isAdmin: user?.role === 'admin',
    signOutReason: null,
    login: vi.fn(),
    adoptSession: vi.fn(),
    logout: vi.fn(),
    endSession: vi.fn(),
    ...overrides,
  };
}

export function fakeSocket(overrides: Partial<SocketContextValue> = {}): SocketContextValue {
  return { status: 'idle', connected: false, subscribe: () => () => {}, ...overrides };
}

/** Renders routes in a memory router with fake auth and socket contexts and real toasts and queries. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    state,
    auth = fakeAuth(null),
    socket = fakeSocket(),
  }: { path?: string; state?: unknown; auth?: AuthContextValue; socket?: SocketContextValue } = {},
) {
  // A path may carry a query (?sso_error=...), as a URL the browser lands on does.
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, search, state }] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <SocketContext.Provider value={socket}>
            <RouterProvider router={router} />
          </SocketContext.Provider>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, user };
}
