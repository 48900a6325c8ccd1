import { expect, type Page, request } from '@playwright/test';
import { E2E_BASE_URL } from './env';

export const demo = {
  admin: { email: 'admin@atrium.local', password: 'Admin#2026', name: 'Alex Morgan' },
  user: { email: 'user@atrium.local', password: 'User#2026', name: 'Jamie Carter' },
  /** Manages Warehouse, the demo user's department. */
  manager: { email: 'manager@atrium.local', password: 'Manager#2026', name: 'Sam Rivera' },
} as const;

type Who = keyof typeof demo;

/** Signs in through the real login page, as a person would. */
export async function signIn(page: Page, who: keyof typeof demo, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(demo[who].email);
  await page.getByLabel('Password').fill(demo[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Signs in with the Demo Accounts one-click button. */
export async function signInWithDemoButton(page: Page, label: 'Admin' | 'User' | 'Manager'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * How long one sign-in per role serves the tests of a worker: well under the 15-minute access
 * token, so no test outlives the token it was handed (the longest test is given 4 minutes).
 */
const SESSION_REUSE_MS = 9 * 60_000;
const sessions = new Map<Who, { token: string; at: number }>();

/** One access token per role and worker (a module's state lives as long as its worker). */
async function sessionToken(who: Who): Promise<string> {
  const held = sessions.get(who);
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    // A held session can have been ended by another test (disabling the demo User ends its
    // sessions), so it is reused only while the server still accepts it.
    if (held && Date.now() - held.at < SESSION_REUSE_MS) {
      const me = await api.get('/api/auth/me', { headers: { authorization: `Bearer ${held.token}` } });
      if (me.ok()) return held.token;
    }
    const res = await api.post('/api/auth/login', {
      data: { email: demo[who].email, password: demo[who].password },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { token } = (await res.json()) as { token: string };
    sessions.set(who, { token, at: Date.now() });
    return token;
  } finally {
    await api.dispose();
  }
}

/**
 * Opens `path` already signed in, with the role's session shared by the worker's tests, for
 * tests about what comes after signing in (the login page itself is covered by the auth specs,
 * which sign in for real). Only the access token is handed over, never the refresh cookie: the
 * server rotates that cookie, and one test renewing it would make every other holder of the
 * shared session a replayer whose session is ended. Tests that renew, sign out or need a fresh
 * session use signIn.
 */
export async function signInAs(page: Page, who: Who, path = '/dashboard'): Promise<void> {
  const token = await sessionToken(who);
  // Any page of the origin will do to reach its storage; the health check is the cheapest one.
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
  // A fresh context's first page fetches the bundle, the session and the page's chunk before the
  // shell shows: on a busy 2-core machine that alone has taken more than the default 10 s.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });
}
