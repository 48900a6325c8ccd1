import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/context';
import { changeUser } from '../../../test/factories';
import { type LoggedIn, refreshCookieOf } from '../../../test/fixtures';
import { type Http, httpFor, type Session, useSuite } from '../../../test/suite';
import type { DomainEvent, EventBus } from '../../core/events/bus';
import { REFRESH_GRACE_SECONDS } from './auth.service';

// Two processes on one database: `one` is the suite's app, `two` a second app with its own bus
// and session cache, on the same clock.
const lifetimes = { accessTokenTtlSeconds: 900, sessionMaxAgeSeconds: 12 * 3600 };
const suite = useSuite({ now: '2026-03-02T09:00:00Z', config: lifetimes });
let second: TestApp;
let one: Http;
let two: Http;

beforeAll(async () => {
  second = await startTestApp(suite.database, lifetimes, suite.clock.now);
  one = suite.http;
  two = httpFor(second.app);
});
afterAll(async () => second?.close());

/** Resolves when `bus` delivers a matching event: a barrier, not a sleep. */
const delivered = (bus: EventBus, matches: (event: DomainEvent) => boolean) =>
  new Promise<void>((resolve) => {
    const stop = bus.subscribe((event) => {
      if (!matches(event)) return;
      stop();
      resolve();
    });
  });
const sidOf = (s: LoggedIn): string =>
  JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).sid;
const sessionEnded = (s: LoggedIn) => (e: DomainEvent) =>
  e.kind === 'session_ended' && e.sessionIds.includes(sidOf(s));
const status = async (http: Http, s: LoggedIn) => (await http.get('/api/attendance/my-status', s)).statusCode;

/** Signed in, and its session read once by each process, so both hold it in memory. */
async function cachedOnBoth(): Promise<Session> {
  const s = await suite.signedIn();
  expect(await status(one, s)).toBe(200);
  expect(await status(two, s)).toBe(200);
  return s;
}

describe('the session cache across processes', () => {
  it('serves a session from memory until an event says otherwise', async () => {
    const s = await cachedOnBoth();
    // Ended behind the application's back, with no event: the cache does not notice ...
    await suite.db
      .updateTable('sessions')
      .set({ revoked_at: suite.clock.now() })
      .where('id', '=', sidOf(s))
      .execute();
    expect(await status(two, s)).toBe(200);
    // ... until one arrives.
    const arrived = delivered(second.bus, sessionEnded(s));
    await suite.bus.publish({ kind: 'session_ended', sessionIds: [sidOf(s)] });
    await arrived;
    expect(await status(two, s)).toBe(401);
  });

  it('a logout on one process is refused by the other on its next request', async () => {
    const s = await cachedOnBoth();
    const arrived = delivered(second.bus, sessionEnded(s));
    expect((await one.post('/api/auth/logout', s)).statusCode).toBe(200);
    expect(await status(one, s)).toBe(401);
    await arrived;
    expect(await status(two, s)).toBe(401);
  });

  it('disabling a person on one process ends their sessions on the other', async () => {
    const s = await cachedOnBoth();
    const arrived = delivered(second.bus, sessionEnded(s));
    expect((await one.post(`/api/users/${s.user.id}/disable`, suite.admin)).statusCode).toBe(200);
    expect(await status(one, s)).toBe(401);
    await arrived;
    expect(await status(two, s)).toBe(401);
  });

  it('a role changed and announced is seen by every process at its next request', async () => {
    const s = await cachedOnBoth();
    expect((await two.get('/api/users', s)).statusCode).toBe(403);
    const arrived = delivered(second.bus, (e) => e.kind === 'users_changed' && e.userIds.includes(s.user.id));
    await suite.db.transaction().execute(async (trx) => {
      await changeUser(trx, s.user, { role: 'admin' });
      await suite.bus.publish({ kind: 'users_changed', userIds: [s.user.id] }, trx);
    });
    await arrived;
    expect((await two.get('/api/users', s)).statusCode).toBe(200);
  });

  it('a refresh token reused on one process ends the session on the other', async () => {
    const s = await cachedOnBoth();
    const refresh = (cookie: string) =>
      suite.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    const rotated = await refresh(s.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    expect(refreshCookieOf(rotated.headers['set-cookie'])).not.toBe(s.refreshCookie);
    suite.clock.advance((REFRESH_GRACE_SECONDS + 1) * 1000);

    const arrived = delivered(second.bus, sessionEnded(s));
    expect((await refresh(s.refreshCookie)).statusCode).toBe(401);
    expect(await status(one, s)).toBe(401);
    await arrived;
    expect(await status(two, s)).toBe(401);
  });

  it('a cached token is refused once the clock passes its end, on every process', async () => {
    const s = await cachedOnBoth();
    suite.clock.advance(15 * 60 * 1000);
    expect(await status(one, s)).toBe(401);
    expect(await status(two, s)).toBe(401);
  });
});
