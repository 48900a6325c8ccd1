import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth-context';
import { getToken, setToken } from '@/lib/token';
import { staffUser } from '@/test/render';
import { AuthProvider } from './AuthProvider';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Who() {
  const { status, user, logout } = useAuth();
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

function renderAuth() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/dashboard', Component: Who },
          { path: '/login', element: <h1>Login page</h1> },
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

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('is signed out without a token and asks the server nothing', () => {
    renderAuth();
    expect(screen.getByText('anonymous:nobody')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the session from the token through /auth/me', async () => {
    setToken('t');
    fetchMock.mockResolvedValueOnce(json(200, { user: staffUser }));
    renderAuth();
    expect(screen.getByText('loading:nobody')).toBeTruthy();
    expect(await screen.findByText('authenticated:Jamie')).toBeTruthy();
  });

  it('clears the token when the session check fails', async () => {
    setToken('t');
    fetchMock.mockResolvedValue(json(401, { error: { code: 'unauthenticated', message: 'No' } }));
    renderAuth();
    expect(await screen.findByText('anonymous:nobody')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('logs out on the server, forgets the token and goes to /login', async () => {
    setToken('t');
    fetchMock
      .mockResolvedValueOnce(json(200, { user: staffUser }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'out' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(getToken()).toBeNull();
  });
});
