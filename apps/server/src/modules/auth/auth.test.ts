import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, refreshCookieOf, type TestUser } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';
import { hashPassword } from './passwords';

const suite = useSuite();
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  admin = await createUser(suite.db, 'admin');
  staff = await createUser(suite.db, 'staff');
});

const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  suite.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

describe('login', () => {
  it('answers a token, the user and an httpOnly refresh cookie', async () => {
    const res = await post('/api/auth/login', { email: staff.email.toUpperCase(), password: staff.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: staff.id,
      email: staff.email,
      role: 'staff',
      department_name: 'Test Department',
    });
    expect(Object.keys(body.user).sort()).toEqual(
      ['department_id', 'department_name', 'email', 'first_name', 'id', 'last_name', 'role'].sort(),
    );
    const [header, payload] = body.token
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(900);
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';');
    expect(cookie).toMatch(/atrium_refresh=[\w-]{43}/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await post('/api/auth/login', { email: admin.email, password: 'not-it' }, {}, '10.9.0.1');
    const unknown = await post(
      '/api/auth/login',
      { email: 'nobody@example.test', password: 'x' },
      {},
      '10.9.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names each bad field and rule on invalid input', async () => {
    const res = await post('/api/auth/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', rule: 'invalid_format' }),
        expect.objectContaining({ field: 'password', rule: 'invalid_type' }),
      ]),
    );
  });

  it('refuses malformed JSON with a 400 in the error shape', async () => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('hashes passwords with argon2id at the OWASP baseline', async () => {
    // Test users carry a cheap precomputed hash; the product's users (seed, create-admin) get
    // this one, and create-admin's test checks it is what lands in the database.
    expect(await hashPassword('any password at all')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('audits successful and failed logins with time, user and IP', async () => {
    await login(suite.app, staff, '10.7.7.7');
    await post('/api/auth/login', { email: staff.email, password: 'bad' }, {}, '10.7.7.8');
    const rows = await suite.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'ip', 'at'])
      .where('actor_user_id', '=', staff.id)
      .where('ip', 'in', ['10.7.7.7', '10.7.7.8'])
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.login', 'auth.login_failed']);
    expect(rows.every((r) => r.at instanceof Date)).toBe(true);
  });
});

describe('session', () => {
  it('me answers the signed-in user', async () => {
    const s = await login(suite.app, admin);
    const res = await suite.app.inject({ url: '/api/auth/me', headers: s.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: admin.id, role: 'admin' });
  });

  it('logout stops the access and the refresh token at once', async () => {
    const s = await login(suite.app, staff);
    const out = await post('/api/auth/logout', undefined, s.auth);
    expect(out.statusCode).toBe(200);
    expect((await suite.app.inject({ url: '/api/auth/me', headers: s.auth })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, { cookie: s.refreshCookie })).statusCode).toBe(401);
    const audit = await suite.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', staff.id)
      .where('action', '=', 'auth.logout')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refresh rotates the cookie and issues a working token', async () => {
    const s = await login(suite.app, staff);
    const res = await post('/api/auth/refresh', undefined, { cookie: s.refreshCookie });
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res.headers['set-cookie']);
    expect(next).not.toBe(s.refreshCookie);
    const me = await suite.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', undefined, { cookie: next })).statusCode).toBe(200);
  });

  it('two tabs refreshing at once with one cookie both get the same new token and stay signed in', async () => {
    const s = await login(suite.app, staff);
    const [a, b] = await Promise.all([
      post('/api/auth/refresh', undefined, { cookie: s.refreshCookie }),
      post('/api/auth/refresh', undefined, { cookie: s.refreshCookie }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const cookieA = refreshCookieOf(a.headers['set-cookie']);
    expect(refreshCookieOf(b.headers['set-cookie'])).toBe(cookieA);
    expect(cookieA).not.toBe(s.refreshCookie);
    for (const res of [a, b]) {
      const me = await suite.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      expect(me.statusCode).toBe(200);
    }
    // A third, late tab with the old cookie, after the others moved on, still lands on the newest.
    const next = await post('/api/auth/refresh', undefined, { cookie: cookieA });
    const late = await post('/api/auth/refresh', undefined, { cookie: s.refreshCookie });
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late.headers['set-cookie'])).toBe(refreshCookieOf(next.headers['set-cookie']));
    const reuse = await suite.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sidOf(s.token))
      .executeTakeFirstOrThrow();
    expect(reuse.revoked_at).toBeNull();
  });

  it('refresh with only a live bearer token renews it for the same session', async () => {
    const s = await login(suite.app, staff);
    const res = await post('/api/auth/refresh', undefined, s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie'] ?? '').not.toContain('atrium_refresh=');
    const token = res.json().token as string;
    expect(sidOf(token)).toBe(sidOf(s.token));
    expect(
      (await suite.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);

    // Bounded by the session: once it ends, the bearer renews nothing.
    await suite.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sidOf(s.token))
      .execute();
    const ended = await post('/api/auth/refresh', undefined, { authorization: `Bearer ${token}` });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe('Your session has ended. Please sign in again.');
    const forged = await post('/api/auth/refresh', undefined, { authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(401);
  });

  it('refresh without a cookie or with an unknown one is 401', async () => {
    expect((await post('/api/auth/refresh')).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, { cookie: 'atrium_refresh=forged' })).statusCode).toBe(
      401,
    );
  });

  it('rejects tokens that are unsigned, expired or signed with another algorithm', async () => {
    const s = await login(suite.app, staff);
    const [, payload] = s.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect(
      (await suite.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${none}` } }))
        .statusCode,
    ).toBe(401);

    const key = await suite.db.selectFrom('server_secrets').select('value').executeTakeFirstOrThrow();
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('atrium')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(Buffer.from(key.value, 'hex'));
    expect(
      (await suite.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } }))
        .statusCode,
    ).toBe(401);
    const hs512 = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.sub)
      .setIssuer('atrium')
      .setExpirationTime('5m')
      .sign(Buffer.from(key.value, 'hex'));
    expect(
      (await suite.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${hs512}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('authorization', () => {
  it('every /api route but login, refresh, health and app-info needs a token', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/users/departments'],
      ['PATCH', '/api/users/1'],
      ['POST', '/api/users/1/disable'],
    ];
    for (const [method, url] of routes) {
      const res = await suite.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
    expect((await suite.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await suite.app.inject({ url: '/api/app-info' })).json()).toEqual({
      name: 'Atrium',
      organisationName: 'Atrium',
      demo: true,
      // These tests' users are not the published demo accounts.
      demoAccounts: false,
      // No single sign-on set up: passwords only.
      sso: null,
      passwordLogin: true,
      timezone: expect.any(String),
    });
  });

  it('admin routes answer 403 forbidden to staff', async () => {
    const s = await login(suite.app, staff);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/users/${admin.id}/disable`,
      headers: s.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(
      (await suite.app.inject({ url: '/api/auth/me', headers: (await login(suite.app, admin)).auth }))
        .statusCode,
    ).toBe(200);
  });

  it('disabling a user ends their sessions and blocks their login', async () => {
    const person = await createUser(suite.db, 'staff');
    const theirs = await login(suite.app, person);
    const adminSession = await login(suite.app, admin);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/users/${person.id}/disable`,
      headers: adminSession.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await suite.app.inject({ url: '/api/auth/me', headers: theirs.auth })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, { cookie: theirs.refreshCookie })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: person.email, password: person.password }, {}, '10.4.4.4'))
        .statusCode,
    ).toBe(401);
    const audit = await suite.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'user.disabled')
      .where('target_id', '=', String(person.id))
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.id }]);
  });

  it('validates path parameters', async () => {
    const s = await login(suite.app, admin);
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/users/abc/enable',
      headers: s.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'id' });
  });
});

describe('http surface', () => {
  it('unknown /api paths are JSON 404s', async () => {
    const res = await suite.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('sets security headers on every response', async () => {
    const res = await suite.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
