import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeAuth, managerUser, renderRoutes, staffUser } from '@/test/render';
import { RequireAction } from './RequireAction';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';
import { RequireManager } from './RequireManager';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? 'none';
  return <h1>Login from {from}</h1>;
}

const routes = [
  { path: '/login', Component: LoginProbe },
  {
    Component: RequireAuth,
    children: [
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      {
        Component: () => <Outlet />,
        children: [
          {
            Component: RequireAdmin,
            children: [
              { path: '/reports', element: <h1>Reports page</h1> },
              { path: '/people-counting', element: <h1>People Counting page</h1> },
              { path: '/video', element: <h1>Video page</h1> },
            ],
          },
          {
            Component: RequireManager,
            children: [{ path: '/team', element: <h1>My Team page</h1> }],
          },
        ],
      },
    ],
  },
];

describe('route guard', () => {
  it('shows Loading... while the session is checked', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(null, { status: 'loading' }) });
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    renderRoutes(routes, { path: '/reports' });
    expect(await screen.findByRole('heading', { name: 'Login from /reports' })).toBeTruthy();
  });

  it('does not remember the page after a deliberate logout', async () => {
    renderRoutes(routes, { path: '/reports', auth: fakeAuth(null, { signOutReason: 'logout' }) });
    expect(await screen.findByRole('heading', { name: 'Login from none' })).toBeTruthy();
  });

  it('shows Access Denied to staff on an admin-only route', () => {
    renderRoutes(routes, { path: '/reports', auth: fakeAuth(staffUser) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.getByText('Only administrators can access reports.')).toBeTruthy();
    expect(screen.queryByText('Reports page')).toBeNull();
  });

  it('tells staff on People Counting that only administrators see its analytics', () => {
    renderRoutes(routes, { path: '/people-counting', auth: fakeAuth(staffUser) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.getByText('Only administrators can access people counting analytics.')).toBeTruthy();
    expect(screen.queryByText('People Counting page')).toBeNull();
  });

  it('gives other admin-only pages the guard text alone', () => {
    renderRoutes(routes, { path: '/video', auth: fakeAuth(staffUser) });
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByText(/Only administrators/)).toBeNull();
  });

  it('lets an admin through', () => {
    renderRoutes(routes, { path: '/reports', auth: fakeAuth(adminUser) });
    expect(screen.getByRole('heading', { name: 'Reports page' })).toBeTruthy();
  });

  it('lets a manager through to My Team', () => {
    renderRoutes(routes, { path: '/team', auth: fakeAuth(managerUser) });
    expect(screen.getByRole('heading', { name: 'My Team page' })).toBeTruthy();
  });

  it('shows Access Denied on My Team to staff and administrators', () => {
    for (const who of [staffUser, adminUser]) {
      const { unmount } = renderRoutes(routes, { path: '/team', auth: fakeAuth(who) });
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(screen.getByText('Only managers can access My Team.')).toBeTruthy();
      expect(screen.queryByText('My Team page')).toBeNull();
      unmount();
    }
  });

  it('keeps a manager out of admin-only routes', () => {
    renderRoutes(routes, { path: '/reports', auth: fakeAuth(managerUser) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });

  it('lets staff through to a route for everyone', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(staffUser) });
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });
});

/** Reports as the app routes it: for whoever the policy table lets view reports. */
const policyRoutes = [
  {
    element: <RequireAction action="reports.view" />,
    children: [{ path: '/reports', element: <h1>Reports page</h1> }],
  },
];

describe('route guard by policy', () => {
  it('lets administrators and managers (their team) through to Reports', () => {
    for (const who of [adminUser, managerUser]) {
      const { unmount } = renderRoutes(policyRoutes, { path: '/reports', auth: fakeAuth(who) });
      expect(screen.getByRole('heading', { name: 'Reports page' })).toBeTruthy();
      unmount();
    }
  });

  it('shows staff Access Denied on Reports, with the spec line', () => {
    renderRoutes(policyRoutes, { path: '/reports', auth: fakeAuth(staffUser) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Only administrators can access reports.')).toBeTruthy();
    expect(screen.queryByText('Reports page')).toBeNull();
  });
});
