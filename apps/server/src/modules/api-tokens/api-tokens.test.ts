import type { AddressInfo } from 'node:net';
import { API_TOKEN_PREFIX } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../../test/context';
import { eventually } from '../../../test/eventually';
import { useSuite } from '../../../test/suite';
import { CLOSE_UNAUTHENTICATED } from '../../live/socket';
import { hashApiToken } from './secrets';

const suite = useSuite();
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(body: object, as = suite.admin) {
  return suite.http.post('/api/tokens', as, body);
}

async function newToken(scopes: string[], name = `Token ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await create({ name, scopes, expiresAt: inDays(30) });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; api_token: { id: number; prefix: string; name: string } };
}

const audit = (action: string, targetId: number) =>
  suite.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

describe('creating and listing API tokens', () => {
  it('answers the secret once, stores only its hash, and lists the token without it', async () => {
    const res = await create({
      name: 'Payroll sync',
      scopes: ['attendance.view', 'leave.view'],
      expiresAt: inDays(90),
    });
    expect(res.statusCode).toBe(201);
    const { token, api_token: apiToken } = res.json();
    expect(token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(apiToken).toMatchObject({
      name: 'Payroll sync',
      scopes: ['attendance.view', 'leave.view'],
      status: 'active',
      prefix: token.slice(0, 10),
      created_by: { id: suite.admin.user.id },
      last_used_at: null,
      revoked_at: null,
    });
    const row = await suite.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await suite.http.get('/api/tokens', suite.admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().tokens[0]).toEqual(apiToken);
    const [entry] = await audit('api_token.created', apiToken.id);
    expect(entry).toMatchObject({ actor_user_id: suite.admin.user.id });
    expect(entry!.details).toMatchObject({ name: 'Payroll sync', scopes: ['attendance.view', 'leave.view'] });
  });

  it.each([
    [{ scopes: ['leave.view'], expiresAt: inDays(1) }, 'name', 'invalid_type'],
    [{ name: '  ', scopes: ['leave.view'], expiresAt: inDays(1) }, 'name', 'too_small'],
    [{ name: 'x'.repeat(101), scopes: ['leave.view'], expiresAt: inDays(1) }, 'name', 'too_big'],
    [{ name: 'A', scopes: [], expiresAt: inDays(1) }, 'scopes', 'too_small'],
    [{ name: 'A', scopes: ['account.self'], expiresAt: inDays(1) }, 'scopes.0', 'invalid_value'],
    [{ name: 'A', scopes: ['leave.view'], expiresAt: inDays(-1) }, 'expiresAt', 'future'],
    [{ name: 'A', scopes: ['leave.view'], expiresAt: inDays(367) }, 'expiresAt', 'max'],
    [{ name: 'A', scopes: ['leave.view'], expiresAt: 'tomorrow' }, 'expiresAt', 'invalid_format'],
  ])('refuses %j naming %s and the rule', async (body, field, rule) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, rule })]),
    );
  });

  it('pages the list newest first with a keyset cursor', async () => {
    for (let i = 0; i < 3; i++) await newToken(['leave.view']);
    const first = (await suite.http.get('/api/tokens?limit=2', suite.admin)).json();
    expect(first.tokens).toHaveLength(2);
    const second = (
      await suite.http.get(`/api/tokens?limit=2&cursor=${first.next_cursor}`, suite.admin)
    ).json();
    expect(second.tokens[0].id).toBeLessThan(first.tokens[1].id);
  });

  it('answers 403 to staff', async () => {
    const staff = await suite.signedIn();
    expect((await suite.http.get('/api/tokens', staff)).statusCode).toBe(403);
    expect(
      (await create({ name: 'A', scopes: ['leave.view'], expiresAt: inDays(1) }, staff)).statusCode,
    ).toBe(403);
  });
});

describe('using an API token', () => {
  it('acts for its scopes and records its last use (time and address), at most once a minute', async () => {
    const { token, api_token: apiToken } = await newToken(['attendance.view']);
    const res = await suite.app.inject({
      url: '/api/attendance',
      headers: bearer(token),
      remoteAddress: '10.7.7.7',
    });
    expect(res.statusCode).toBe(200);
    const used = await suite.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(used).toMatchObject({ last_used_ip: '10.7.7.7' });
    expect(used.last_used_at).not.toBeNull();
    await suite.app.inject({ url: '/api/attendance', headers: bearer(token), remoteAddress: '10.8.8.8' });
    const again = await suite.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(again.last_used_ip).toBe('10.7.7.7');
  });

  it('answers 403 for a scope it lacks, and audits which scope, which path', async () => {
    const { token, api_token: apiToken } = await newToken(['attendance.view']);
    const res = await suite.app.inject({ url: '/api/leave/applications', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('leave.view'),
    });
    const [entry] = await audit('api_token.scope_refused', apiToken.id);
    expect(entry!.details).toMatchObject({
      token: apiToken.name,
      missing_scope: 'leave.view',
      method: 'GET',
      path: '/api/leave/applications',
    });
  });

  it('never reaches sign-in, session, account, token or settings endpoints, whatever its scopes', async () => {
    const { token, api_token: apiToken } = await newToken([
      'people.manage',
      'attendance.manage',
      'leave.decide',
    ]);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['DELETE', `/api/tokens/${apiToken.id}`],
      ['GET', '/api/settings'],
      ['GET', '/api/settings/sso'],
    ] as const) {
      const res = await suite.app.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'GET' ? undefined : {},
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    expect((await audit('api_token.endpoint_refused', apiToken.id)).length).toBe(9);
  });

  it('cannot join the live channel', async () => {
    const { token } = await newToken(['attendance.view', 'access.view']);
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (suite.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'join', userId: suite.admin.user.id, token }));
    expect(await closed).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('answers 401 to an unknown, expired or malformed token', async () => {
    for (const token of [
      `${API_TOKEN_PREFIX}nope`,
      API_TOKEN_PREFIX,
      `${API_TOKEN_PREFIX}${'a'.repeat(43)}`,
    ]) {
      const res = await suite.app.inject({ url: '/api/attendance', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    const res = await create({
      name: 'Short-lived',
      scopes: ['attendance.view'],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    const { token, api_token: apiToken } = res.json();
    expect((await suite.app.inject({ url: '/api/attendance', headers: bearer(token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Cached a moment ago, yet expiry is checked on every hit.
    const expired = await suite.app.inject({ url: '/api/attendance', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/API token/);
    const list = (await suite.http.get('/api/tokens?limit=100', suite.admin)).json();
    expect(list.tokens.find((t: { id: number }) => t.id === apiToken.id).status).toBe('expired');
  });

  it('is rate-limited per token: 429 with Retry-After and the error envelope past 600 a minute', async () => {
    const { token } = await newToken(['organisation.calendar']);
    const other = await newToken(['organisation.calendar']);
    let last = await suite.app.inject({ url: '/api/holidays?year=2026', headers: bearer(token) });
    let okCount = last.statusCode === 200 ? 1 : 0;
    for (let i = 1; i < 601; i++) {
      last = await suite.app.inject({ url: '/api/holidays?year=2026', headers: bearer(token) });
      if (last.statusCode === 200) okCount += 1;
    }
    expect(okCount).toBe(600);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().error).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringContaining('600'),
    });
    expect(
      (await suite.app.inject({ url: '/api/holidays?year=2026', headers: bearer(other.token) })).statusCode,
    ).toBe(200);
  });
});

describe('revoking an API token', () => {
  it('takes effect at once on every process, is audited, and a second revoke changes nothing', async () => {
    const second = await startTestApp(suite.database);
    try {
      const { token, api_token: apiToken } = await newToken(['attendance.view']);
      // Both processes have the token cached.
      for (const app of [suite.app, second.app])
        expect((await app.inject({ url: '/api/attendance', headers: bearer(token) })).statusCode).toBe(200);
      const res = await suite.http.del(`/api/tokens/${apiToken.id}`, suite.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'revoked', revokedBy: { id: suite.admin.user.id } });
      for (const app of [suite.app, second.app])
        expect((await app.inject({ url: '/api/attendance', headers: bearer(token) })).statusCode).toBe(401);
      const again = await suite.http.del(`/api/tokens/${apiToken.id}`, suite.admin);
      expect(again.json().revoked_at).toBe(res.json().revoked_at);
      expect(await audit('api_token.revoked', apiToken.id)).toHaveLength(1);
      expect((await suite.http.del('/api/tokens/999999', suite.admin)).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('a token cached before a revocation on another process is refused after it', async () => {
    const second = await startTestApp(suite.database);
    try {
      const { token, api_token: apiToken } = await newToken(['attendance.view']);
      expect((await second.app.inject({ url: '/api/attendance', headers: bearer(token) })).statusCode).toBe(
        200,
      );
      // Revoked through the first process only; the second learns it from the event log.
      await suite.http.del(`/api/tokens/${apiToken.id}`, suite.admin);
      await eventually(
        async () =>
          (await second.app.inject({ url: '/api/attendance', headers: bearer(token) })).statusCode === 401,
        1000,
        'the second process to drop the token',
      );
    } finally {
      await second.close();
    }
  });
});
