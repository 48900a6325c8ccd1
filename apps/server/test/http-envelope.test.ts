import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { allEndpoints } from '@atrium/contract';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeOptions, registerErrorHandler } from '../src/http/error-handler';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './context';
import { createUser, type LoggedIn, login } from './fixtures';

/**
 * Every /api answer over real HTTP, including the ones Fastify and Node's parser give before any
 * route runs, has the `{error: {code, message}}` shape, and no personal answer may be cached.
 */

let database: TestDatabase;
let test: TestApp;
let webDist: string;
let base: string;
let staff: LoggedIn;
let staffId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // With a built web app present, unknown paths meet its catch-all route: /api ones must still 404.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'atrium-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Atrium</title>');
  test = await startTestApp(database, { webDist });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  const user = await createUser(database.db, 'staff');
  staffId = user.id;
  staff = await login(test.app, user);
});

afterAll(async () => {
  await test?.close();
  await database?.drop();
  await rm(webDist, { recursive: true, force: true });
});

/** A raw request, so headers and URLs fetch would refuse or rewrite reach the server as sent. */
function raw(
  pathAndQuery: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathAndQuery}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const shape = (code: string) => ({ error: expect.objectContaining({ code, message: expect.any(String) }) });

describe('error envelope over real HTTP', () => {
  it('a URL that does not decode: 400 naming the url', async () => {
    const res = await raw('/api/users/%ED%A0%80', { authorization: staff.auth.authorization });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(shape('bad_request'));
    expect((res.json as { error: { details: { field: string }[] } }).error.details[0]!.field).toBe('url');
  });

  it('a path parameter past its length limit: 414, or 404 where another route could match', async () => {
    // The router reports an over-long parameter only when no other route could match the path.
    const bare = Fastify({ ...errorEnvelopeOptions });
    registerErrorHandler(bare);
    bare.get('/api/things/:id', async () => ({}));
    const res = await bare.inject({ url: `/api/things/${'9'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(shape('uri_too_long'));
    await bare.close();
    for (const url of [`/api/users/${'9'.repeat(500)}`, `/api/leave/calendar/${'9'.repeat(500)}/1`]) {
      const answer = await raw(url, { authorization: staff.auth.authorization });
      expect([404, 414]).toContain(answer.status);
      expect(answer.json).toEqual({ error: expect.objectContaining({ code: expect.any(String) }) });
    }
  });

  it('headers too large: 431', async () => {
    const res = await raw('/api/auth/me', { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.json).toEqual(shape('headers_too_large'));
  });

  it('a body too large: 413', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2_000_000) }));
    const res = await raw('/api/auth/login', { 'content-type': 'application/json' }, 'POST', body);
    expect(res.status).toBe(413);
    expect(res.json).toEqual(shape('payload_too_large'));
  });

  it('malformed JSON: 400 naming the body', async () => {
    const res = await raw(
      '/api/auth/login',
      { 'content-type': 'application/json' },
      'POST',
      Buffer.from('{"a":'),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'bad_request',
        message: expect.any(String),
        details: [expect.objectContaining({ field: 'body' })],
      },
    });
  });

  it("no body, or an empty JSON one, takes an optional body's defaults and is named where a body is required", async () => {
    const admin = await login(test.app, await createUser(database.db, 'admin'));
    const withBody = allEndpoints.filter((e) => e.body && e.produces !== 'file' && e.audience !== 'public');
    const optional = withBody.filter((e) => e.body!.safeParse(undefined).success);
    expect(optional.map((e) => e.path)).toContain('/access/devices/:id/door/open');
    for (const endpoint of withBody) {
      const url = `/api${endpoint.path.replace(/:\w+/g, '999999')}`;
      for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
        const res = await raw(url, { ...headers, authorization: admin.auth.authorization }, endpoint.method);
        const named = (res.json as { error?: { details?: { field: string }[] } }).error?.details?.some(
          (d) => d.field === 'body',
        );
        // Optional: past the body, to whatever the route says of id 999999. Required: 400 naming it.
        expect([endpoint.method, endpoint.path, headers, res.status, named ?? false]).toEqual(
          optional.includes(endpoint)
            ? [endpoint.method, endpoint.path, headers, expect.not.stringMatching(/^5/), false]
            : [endpoint.method, endpoint.path, headers, 400, true],
        );
      }
    }
  });

  it('an unknown /api path answers 404 without a token, not 401', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await raw('/api/no-such-thing', {}, method);
      expect([method, res.status]).toEqual([method, 404]);
      expect(res.json).toEqual(shape('not_found'));
    }
    // A known path still wants a token.
    expect((await raw('/api/auth/me')).status).toBe(401);
  });
});

describe('caching', () => {
  it('every /api JSON answer says no-store, personal or not, success or error', async () => {
    const answers = await Promise.all([
      raw('/api/auth/me', staff.auth),
      raw('/api/attendance/my-status', staff.auth),
      raw('/api/leave/my-balance', staff.auth),
      raw('/api/app-info'),
      raw('/api/auth/me'),
      raw('/api/no-such-thing'),
    ]);
    expect(answers.map((a) => [a.status, a.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
  });
});

describe('access tokens', () => {
  it('a token without an expiry is refused', async () => {
    const secret = await database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'jwt_signing_key')
      .executeTakeFirstOrThrow();
    const sid = JSON.parse(Buffer.from(staff.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(staffId))
      .setIssuer('atrium')
      .setIssuedAt()
      .sign(Buffer.from(secret.value, 'hex'));
    expect((await raw('/api/auth/me', { authorization: `Bearer ${forever}` })).status).toBe(401);
    expect((await raw('/api/auth/me', staff.auth)).status).toBe(200);
  });
});
