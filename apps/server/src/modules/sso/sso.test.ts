import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/context';
import { makeDepartment, makeUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';
import { browse, CookieJar, startTestProvider, type TestProvider } from '../../../test/oidc-provider';

// Single sign-on through a real OpenID Connect provider (oidc-provider) over real HTTP.
let database: TestDatabase;
let t: TestApp;
let base: string;
let provider: TestProvider;
let admin: LoggedIn;
let departmentId: number;

async function api(session: LoggedIn | undefined, method: string, url: string, payload?: object) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(session?.auth ?? {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) };
}

/** The browser's way through: Atrium's start, the provider, back to Atrium; then the app refreshes. */
async function signIn(sub: string, returnTo = '/attendance') {
  provider.signInAs(sub);
  const jar = new CookieJar();
  const { url, res } = await browse(
    jar,
    `${base}/api/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`,
    (u) => u.origin === base && !u.pathname.startsWith('/api/'),
  );
  await res?.arrayBuffer();
  const refreshed = await fetch(`${base}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: jar.header(new URL(`${base}/api/auth/refresh`)) },
  });
  const token = refreshed.ok ? ((await refreshed.json()) as { token: string }).token : undefined;
  return { landed: url, token, jar };
}

// biome-ignore lint/suspicious/noExplicitAny: the answer is read as the test needs it.
const me = async (token: string): Promise<any> =>
  (await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json();

beforeAll(async () => {
  database = await createTestDatabase();
  t = await startTestApp(database);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  provider = await startTestProvider(`${base}/api/auth/oidc/callback`);
  admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  departmentId = (await makeDepartment(database.db, 'Night Shift')).id;
  const saved = await api(admin, 'PUT', '/settings/sso', {
    enabled: true,
    display_name: 'Test IdP',
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    allowed_domains: ['example.test'],
    group_claim: 'groups',
    group_roles: [
      { group: 'atrium-admins', role: 'admin' },
      { group: 'shift-leads', role: 'manager' },
    ],
    link_by_email: true,
  });
  expect(saved.status).toBe(200);
  expect(saved.json().settings).toMatchObject({
    enabled: true,
    has_client_secret: true,
    redirect_uri: `${base}/api/auth/oidc/callback`,
  });
  expect(JSON.stringify(saved.json())).not.toContain(provider.clientSecret);
});

afterAll(async () => {
  await provider?.close();
  await t?.close();
  await database?.drop();
});

describe('single sign-on', () => {
  it('shows the button on the login page', async () => {
    const info = (await api(undefined, 'GET', '/app-info')).json();
    expect(info).toMatchObject({ sso: { name: 'Test IdP' }, passwordLogin: true });
  });

  it('creates a manager from a group at the first sign-in, and a second sign-in follows a new group', async () => {
    provider.accounts.set('lee', {
      sub: 'lee',
      email: 'lee@example.test',
      email_verified: true,
      given_name: 'Lee',
      family_name: 'Park',
      groups: ['shift-leads'],
      department: 'Night Shift',
    });
    const first = await signIn('lee');
    // The login page takes the session up and goes on to where the person was going.
    expect(first.landed.pathname).toBe('/login');
    expect(Object.fromEntries(first.landed.searchParams)).toEqual({ sso: 'done', to: '/attendance' });
    expect(first.token).toBeDefined();
    const user = await me(first.token!);
    expect(user.user).toMatchObject({ email: 'lee@example.test', first_name: 'Lee', role: 'manager' });
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', user.user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['sso.provisioned', 'sso.login']));
    const managers = await database.db
      .selectFrom('department_managers')
      .selectAll()
      .where('department_id', '=', departmentId)
      .execute();
    expect(managers.map((m) => m.user_id)).toEqual([user.user.id]);

    provider.accounts.set('lee', { ...provider.accounts.get('lee')!, groups: ['atrium-admins'] });
    const second = await signIn('lee');
    expect((await me(second.token!)).user.role).toBe('admin');
    const changed = await database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sso.role_changed')
      .where('actor_user_id', '=', user.user.id)
      .execute();
    expect(changed.map((c) => c.details)).toEqual([{ from: 'manager', to: 'admin' }]);
    expect(
      await database.db.selectFrom('sso_identities').select('user_id').where('subject', '=', 'lee').execute(),
    ).toEqual([{ user_id: user.user.id }]);
  });

  it('sends a person signed in through the provider back to it to sign out, and nobody else', async () => {
    provider.accounts.set('ida', {
      sub: 'ida',
      email: 'ida@example.test',
      email_verified: true,
      given_name: 'Ida',
      family_name: 'E',
    });
    const { token } = await signIn('ida');
    const res = await fetch(`${base}/api/auth/oidc/logout-url`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    expect((await api(admin, 'GET', '/auth/oidc/logout-url')).json()).toEqual({ url: null });
  });

  it('links an existing account by a verified email, and refuses an unverified one', async () => {
    const existing = await makeUser(database.db, { email: 'ana@example.test' });
    provider.accounts.set('ana', {
      sub: 'ana',
      email: 'ana@example.test',
      email_verified: true,
      given_name: 'Ana',
      family_name: 'B',
    });
    const ok = await signIn('ana');
    expect((await me(ok.token!)).user.id).toBe(existing.id);

    await makeUser(database.db, { email: 'kim@example.test' });
    provider.accounts.set('kim', {
      sub: 'kim',
      email: 'kim@example.test',
      email_verified: false,
      given_name: 'Kim',
      family_name: 'C',
    });
    const refused = await signIn('kim');
    expect(refused.landed.pathname).toBe('/login');
    expect(refused.landed.searchParams.get('sso_error')).toBe('not_linked');
    expect(refused.token).toBeUndefined();
  });

  it('refuses a person disabled in Atrium whatever the provider says, and a stranger outside the domains', async () => {
    provider.accounts.set('gone', {
      sub: 'gone',
      email: 'gone@example.test',
      email_verified: true,
      given_name: 'G',
      family_name: 'One',
    });
    const first = await signIn('gone');
    const id = (await me(first.token!)).user.id;
    await database.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
    const again = await signIn('gone');
    expect(again.landed.searchParams.get('sso_error')).toBe('disabled');
    expect(again.token).toBeUndefined();

    provider.accounts.set('out', {
      sub: 'out',
      email: 'out@elsewhere.test',
      email_verified: true,
      given_name: 'O',
      family_name: 'Ut',
    });
    expect((await signIn('out')).landed.searchParams.get('sso_error')).toBe('not_allowed');
  });

  it('refuses a tampered state with no session', async () => {
    provider.accounts.set('eve', {
      sub: 'eve',
      email: 'eve@example.test',
      email_verified: true,
      given_name: 'E',
      family_name: 'Ve',
    });
    provider.signInAs('eve');
    const jar = new CookieJar();
    // Stop where the provider sends the browser back, and change the state on the way.
    const { url } = await browse(
      jar,
      `${base}/api/auth/oidc/start`,
      (u) => u.pathname === '/api/auth/oidc/callback',
    );
    url.searchParams.set('state', 'forged');
    const { url: landed } = await browse(
      jar,
      url.href,
      (u) => u.origin === base && !u.pathname.startsWith('/api/'),
    );
    expect(landed.searchParams.get('sso_error')).toBe('state');
    expect(jar.get('atrium_refresh')).toBeUndefined();
    const sessions = await database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', 'eve@example.test')
      .execute();
    expect(sessions).toEqual([]);
    // Without the cookie at all, too.
    const bare = await fetch(`${base}/api/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/login?sso_error=state');
  });

  it('ends the sessions and closes the live socket of a person the provider logs out', async () => {
    provider.accounts.set('sam', {
      sub: 'sam',
      email: 'sam@example.test',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'D',
    });
    const { token } = await signIn('sam');
    const user = (await me(token!)).user;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const joined = new Promise<void>((resolve) =>
      socket.on('message', (raw) => {
        if (JSON.parse(raw.toString()).type === 'joined') resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'join', userId: user.id, token }));
    await joined;

    const forged = await fetch(`${base}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: 'not.a.token' }),
    });
    expect(forged.status).toBe(400);

    const res = await fetch(`${base}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: await provider.logoutToken({ sub: 'sam' }) }),
    });
    expect(res.status).toBe(200);
    expect(await closed).toBeGreaterThanOrEqual(4000);
    expect(
      (await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  });

  it('with passwords turned off, only administrators sign in with one', async () => {
    const staff = await makeUser(database.db);
    expect((await api(admin, 'PUT', '/settings/sso', { password_login: false })).status).toBe(200);
    expect((await api(undefined, 'GET', '/app-info')).json().passwordLogin).toBe(false);
    const refused = await api(undefined, 'POST', '/auth/login', {
      email: staff.email,
      password: staff.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.json().error.message).toMatch(/Sign in through your organisation/);
    await expect(login(t.app, await makeUser(database.db, { role: 'admin' }))).resolves.toBeDefined();
    await api(admin, 'PUT', '/settings/sso', { password_login: true });
  });

  it('keeps the settings for administrators: 403 to staff, 400 naming the field', async () => {
    const staff = await login(t.app, await makeUser(database.db));
    expect((await api(staff, 'GET', '/settings/sso')).status).toBe(403);
    const bad = await api(admin, 'PUT', '/settings/sso', { issuer: 'ftp://nope' });
    expect(bad.status).toBe(400);
    expect(bad.json().error.details[0].field).toBe('issuer');
  });
});
