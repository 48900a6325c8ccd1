import { authApi, ssoApi } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth-context';
import { getToken, setToken } from '@/lib/token';
import { fakeApi } from '@/test/fake-api';
import { staffUser } from '@/test/render';
import { RequireAuth } from '../guard/RequireAuth';
import { AuthProvider } from './AuthProvider';

/** What the live channel does when the server ends the session: set by the page below. */
let liveChannelEnds: () => void = () => {};

function Who() {
  const { status, user, logout, endSession } = useAuth();
  liveChannelEnds = () => endSession('ended');
  return (
    <>
      <p>
        {status}:{user?.first_name ?? 'nobody'}
      </p>
      <button type="button" onClick={() => logout()}>
        out
      </button>
    </>
  );
}

function Login() {
  const { signOutReason } = useAuth();
  return <h1>Login page ({signOutReason ?? 'none'})</h1>;
}

function renderAuth({ guarded = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          guarded
            ? { Component: RequireAuth, children: [{ path: '/dashboard', Component: Who }] }
            : { path: '/dashboard', Component: Who },
          { path: '/login', Component: Login },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('AuthProvider', () => {
  it('is signed out without a token and asks the server nothing', () => {
    renderAuth();
    expect(screen.getByText('anonymous:nobody')).toBeTruthy();
    expect(fakeApi.requests()).toEqual([]);
  });

  it('restores the session from the token through /auth/me', async () => {
    setToken('t');
    fakeApi.on(authApi.me, { user: staffUser });
    renderAuth();
    expect(screen.getByText('loading:nobody')).toBeTruthy();
    expect(await screen.findByText('authenticated:Jamie')).toBeTruthy();
  });

  it('clears the token when the session check fails', async () => {
    setToken('t');
    fakeApi.fail(authApi.me, 401, 'unauthorized', 'No');
    fakeApi.fail(authApi.refresh, 401, 'unauthorized', 'No');
    renderAuth();
    expect(await screen.findByText('anonymous:nobody')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('logs out on the server, forgets the token and goes to /login', async () => {
    setToken('t');
    fakeApi.on(authApi.me, { user: staffUser });
    fakeApi.on(ssoApi.ssoLogoutUrl, { url: null });
    fakeApi.on(authApi.logout, { ok: true });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'out' }));

    expect(await screen.findByRole('heading', { name: 'Login page (logout)' })).toBeTruthy();
    expect(fakeApi.requests()[2]).toMatchObject({ url: '/api/auth/logout', method: 'POST' });
    expect(getToken()).toBeNull();
  });

  it('stays a deliberate logout when the live channel reports the ended session first', async () => {
    setToken('t');
    let answer: () => void = () => {};
    fakeApi.on(authApi.me, { user: staffUser });
    fakeApi.on(ssoApi.ssoLogoutUrl, { url: null });
    fakeApi.on(authApi.logout, () => {
      // The server ends the session, and its socket closes (4403) before the answer arrives.
      liveChannelEnds();
      return new Promise((resolve) => {
        answer = () => resolve({ ok: true });
      });
    });
    renderAuth({ guarded: true });
    await userEvent.click(await screen.findByRole('button', { name: 'out' }));
    // The guard has already sent the page to login: as after a logout, remembering no page.
    expect(await screen.findByRole('heading', { name: 'Login page (logout)' })).toBeTruthy();
    answer();
    expect(await screen.findByRole('heading', { name: 'Login page (logout)' })).toBeTruthy();
  });

  it('stays a deliberate logout when the live channel reports the ended session after the answer', async () => {
    setToken('t');
    fakeApi.on(authApi.me, { user: staffUser });
    fakeApi.on(ssoApi.ssoLogoutUrl, { url: null });
    fakeApi.on(authApi.logout, { ok: true });
    renderAuth({ guarded: true });
    await userEvent.click(await screen.findByRole('button', { name: 'out' }));
    expect(await screen.findByRole('heading', { name: 'Login page (logout)' })).toBeTruthy();
    // The socket of the ended session closes (4403) a moment after the logout was answered: the
    // guard must not take it for an expiry and send the next person back to this page.
    act(() => liveChannelEnds());
    expect(screen.getByRole('heading', { name: 'Login page (logout)' })).toBeTruthy();
  });
});
