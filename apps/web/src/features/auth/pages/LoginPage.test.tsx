import { systemApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { fakeApi } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/leave', element: <h1>Leave page</h1> },
];

const appInfo = (demo: boolean, demoAccounts = demo, sso: { name: string } | null = null) =>
  fakeApi.on(systemApi.appInfo, {
    name: 'Atrium',
    organisationName: 'Atrium',
    demo,
    demoAccounts,
    sso,
    passwordLogin: true,
    timezone: 'UTC',
  });

beforeEach(() => appInfo(true));

describe('LoginPage', () => {
  it('offers the identity provider when single sign-on is on, and says why it last failed', async () => {
    appInfo(false, false, { name: 'Contoso' });
    renderRoutes(routes, { path: '/login?sso_error=disabled' });
    const button = await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/start?return_to=%2Fdashboard');
    expect(screen.getByRole('alert').textContent).toBe('This account is disabled. Ask an administrator.');
  });

  it('shows the welcome title and a sign-in form', async () => {
    renderRoutes(routes, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows Login failed when the server gives no message, and clears it when a field changes', async () => {
    const login = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderRoutes(routes, { path: '/login', auth: fakeAuth(null, { login }) });

    await user.type(screen.getByLabelText('Email'), 'someone@atrium.local');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
    expect(login).toHaveBeenCalledWith('someone@atrium.local', 'wrong');

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Email'), 'm');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's error message", async () => {
    const login = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'Invalid email or password'));
    const { user } = renderRoutes(routes, { path: '/login', auth: fakeAuth(null, { login }) });

    await user.type(screen.getByLabelText('Email'), 'someone@atrium.local');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it("refuses an email longer than the contract's 254 characters before any request", async () => {
    const login = vi.fn();
    const { user } = renderRoutes(routes, { path: '/login', auth: fakeAuth(null, { login }) });

    // A well-formed address the browser accepts: only the contract's length rule refuses it.
    const email = `${'a'.repeat(250)}@atrium.local`;
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Email must be at most 254 characters');
    expect(login).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads Signing in... and is disabled while busy', async () => {
    let finish: () => void = () => {};
    const login = vi.fn(() => new Promise<never>((_, reject) => (finish = () => reject(new Error('x')))));
    const { user } = renderRoutes(routes, { path: '/login', auth: fakeAuth(null, { login }) });

    await user.type(screen.getByLabelText('Email'), 'someone@atrium.local');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    finish();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('fills the form from the Demo Accounts buttons', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });

    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@atrium.local');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Admin#2026');

    await user.click(screen.getByRole('button', { name: 'User' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('user@atrium.local');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('User#2026');

    await user.click(screen.getByRole('button', { name: 'Manager' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('manager@atrium.local');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Manager#2026');
    const demo = screen.getByRole('region', { name: 'Demo Accounts' });
    expect(
      within(demo)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Admin', 'User', 'Manager']);
    expect(screen.getByText('This is a demo application for testing purposes.')).toBeTruthy();
  });

  it('hides the demo block when the server is not a demo', async () => {
    appInfo(false);
    renderRoutes(routes, { path: '/login' });

    await waitFor(() => expect(fakeApi.requests(systemApi.appInfo)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText('Demo Accounts')).toBeNull();
    expect(screen.queryByText('This is a demo application for testing purposes.')).toBeNull();
  });

  it('offers no Demo Accounts when the demo accounts cannot sign in with their published passwords', async () => {
    appInfo(true, false);
    renderRoutes(routes, { path: '/login' });

    expect(await screen.findByText('This is a demo application for testing purposes.')).toBeTruthy();
    expect(screen.queryByText('Demo Accounts')).toBeNull();
    expect(screen.queryByRole('button', { name: /Admin/ })).toBeNull();
  });

  it('sends a signed-in user straight to the dashboard', async () => {
    renderRoutes(routes, { path: '/login', auth: fakeAuth(staffUser) });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('goes to the page first requested', async () => {
    renderRoutes(routes, {
      path: '/login',
      state: { from: { pathname: '/leave', search: '', hash: '' } },
      auth: fakeAuth(staffUser),
    });
    expect(await screen.findByRole('heading', { name: 'Leave page' })).toBeTruthy();
  });
});
