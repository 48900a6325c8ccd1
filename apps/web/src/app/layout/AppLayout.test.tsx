import { systemApi } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, fakeSocket, managerUser, renderRoutes, staffUser } from '@/test/render';
import { AppLayout } from './AppLayout';

const routes = [
  {
    Component: AppLayout,
    children: [
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/leave', element: <h1>Leave page</h1> },
      { path: '/reports', element: <h1>Reports page</h1> },
    ],
  },
];

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

// The logo asks for the organisation's name; one that has not set its own shows the product's alone.
beforeEach(() =>
  fakeApi.on(systemApi.appInfo, {
    name: 'Atrium',
    organisationName: 'Atrium',
    demo: false,
    demoAccounts: false,
    sso: null,
    passwordLogin: true,
    timezone: 'UTC',
  }),
);

describe('AppLayout', () => {
  it('shows staff the three staff entries, with the current one marked', () => {
    renderRoutes(routes, { path: '/leave', auth: fakeAuth(staffUser) });
    expect(navLabels()).toEqual(['Dashboard', 'Time & Attendance', 'Leave & HR']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Leave & HR' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('current-section').textContent).toBe('Leave & HR');
  });

  it('shows admins all seven entries', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(adminUser) });
    expect(navLabels()).toEqual([
      'Dashboard',
      'Time & Attendance',
      'Leave & HR',
      'Access Control',
      'Video',
      'People Counting',
      'Reports',
    ]);
  });

  it('shows managers the staff entries, My Team (which staff and admins never see) and their team reports', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(managerUser) });
    expect(navLabels()).toEqual(['Dashboard', 'Time & Attendance', 'Leave & HR', 'My Team', 'Reports']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Team' }).getAttribute('href')).toBe('/team');
  });

  it('shows My Team to nobody but managers', () => {
    for (const who of [staffUser, adminUser]) {
      const { unmount } = renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(who) });
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'My Team' }),
      ).toBeNull();
      unmount();
    }
  });

  it('shows the user, the role capitalised and the connection state', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(adminUser) });
    expect(screen.getByTestId('user-name').textContent).toBe('Alex Morgan');
    expect(screen.getByTestId('user-role').textContent).toBe('Admin');
    expect(screen.getByTestId('connection-status').textContent).toBe('Disconnected');
  });

  it('shows a manager as Manager', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(managerUser) });
    expect(screen.getByTestId('user-name').textContent).toBe('Sam Rivera');
    expect(screen.getByTestId('user-role').textContent).toBe('Manager');
  });

  it('says Connected when the live channel is up', () => {
    renderRoutes(routes, {
      path: '/dashboard',
      auth: fakeAuth(staffUser),
      socket: fakeSocket({ status: 'connected', connected: true }),
    });
    expect(screen.getByTestId('connection-status').textContent).toBe('Connected');
    expect(screen.getByTestId('user-role').textContent).toBe('Staff');
  });

  it("opens everyone's user menu from the name: Profile for all, Organisation and the API reference for admins", async () => {
    const menuOf = async (who: typeof staffUser) => {
      const { user, unmount } = renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(who) });
      await user.click(
        screen.getByRole('button', { name: new RegExp(`${who.first_name} ${who.last_name}`) }),
      );
      const links = screen
        .getAllByRole('link')
        .filter((l) => ['Profile', 'Organisation', 'API reference'].includes(l.textContent ?? ''));
      const found = links.map((l) => [l.textContent, l.getAttribute('href')]);
      unmount();
      return found;
    };
    expect(await menuOf(staffUser)).toEqual([['Profile', '/profile']]);
    expect(await menuOf(adminUser)).toEqual([
      ['Profile', '/profile'],
      ['Organisation', '/settings'],
      ['API reference', '/api/docs'],
    ]);
  });

  it('logs out with the Logout button', async () => {
    const logout = vi.fn().mockResolvedValue(undefined);
    const { user } = renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(staffUser, { logout }) });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('opens the mobile menu, closes it on Escape and gives focus back', async () => {
    const { user } = renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(staffUser) });
    const open = screen.getByRole('button', { name: 'Open menu' });

    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Main menu' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close menu' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('closes the mobile menu on navigation and with the close button', async () => {
    const { user } = renderRoutes(routes, { path: '/dashboard', auth: fakeAuth(staffUser) });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Leave & HR' }));
    expect(await screen.findByRole('heading', { name: 'Leave page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
