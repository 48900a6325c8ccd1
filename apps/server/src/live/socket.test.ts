import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/context';
import { changeUser } from '../../test/factories';
import { createUser, login, type TestUser } from '../../test/fixtures';
import { useSuite } from '../../test/suite';
import { AUTH_TIMEOUT_MS } from './socket';
import { barrier as barrierOn, type Client, connect, joinAs, listen } from './socket.test-support';

/** The first process closes unjoined sockets this soon, so the test need not wait out 5 s. */
const AUTH_WAIT_MS = 1000;

// Two server processes' worth of app on one database, as behind a load balancer: `one` is the
// suite's app, `two` a second app with its own bus.
const suite = useSuite({ config: { heartbeatMs: 150, liveAuthTimeoutMs: AUTH_WAIT_MS } });
let one: Pick<TestApp, 'app' | 'bus'>;
let two: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

let urlOne: string;
let urlTwo: string;
beforeAll(async () => {
  one = suite;
  two = await startTestApp(suite.database);
  urlOne = await listen(one.app);
  urlTwo = await listen(two.app);
  admin = await createUser(suite.db, 'admin');
  alice = await createUser(suite.db, 'staff');
  bob = await createUser(suite.db, 'staff');
});
afterAll(async () => {
  await two?.close();
});

const joined = (url: string, user: TestUser, claimedUserId?: number, since?: number) =>
  joinAs(one.app, url, user, claimedUserId, since);
const barrier = (client: Client, userId: number) => barrierOn(one.bus, client, userId);

describe('live socket', () => {
  it('closes a socket that never authenticates within its time (5 seconds in production)', async () => {
    expect(AUTH_TIMEOUT_MS).toBe(5000);
    const client = await connect(urlOne);
    const opened = Date.now();
    const { code, at } = await client.closed;
    expect(code).toBe(4401);
    expect(at - opened).toBeGreaterThanOrEqual(AUTH_WAIT_MS - 50);
    expect(at - opened).toBeLessThanOrEqual(AUTH_WAIT_MS + 2000);
  });

  it('closes a socket whose join carries a bad token', async () => {
    const client = await connect(urlOne);
    client.socket.send(JSON.stringify({ type: 'join', userId: admin.id, token: 'forged.token.value' }));
    expect((await client.next('auth_error')).data).toEqual({ message: 'Invalid or expired token' });
    expect((await client.closed).code).toBe(4401);
  });

  it('uses the token user, never the claimed userId', async () => {
    const client = await joined(urlOne, alice, admin.id);
    expect((await client.next('joined')).data).toEqual({
      userId: alice.id,
      role: 'staff',
      seq: expect.any(Number),
    });
    await one.bus.publish({
      kind: 'live',
      type: 'device_event',
      data: {
        eventType: 'x',
        deviceId: 'HK-1',
        label: 'Access granted by card',
        kind: 'granted',
        user: null,
        access_point: null,
        timestamp: '2026-11-20T08:00:00.000Z',
      },
      audience: { userIds: [admin.id] },
    });
    expect((await barrier(client, alice.id)).map((m) => m.type)).toEqual(['joined']);
    client.socket.close();
  });

  it('delivers events only to the rooms allowed to see them', async () => {
    const a = await joined(urlOne, alice);
    const b = await joined(urlOne, bob);
    const boss = await joined(urlOne, admin);
    await one.bus.publish({
      kind: 'live',
      type: 'attendance_update',
      data: { userId: alice.id, date: '2026-11-21', action: 'check_in' },
      audience: { userIds: [alice.id], admins: true },
    });
    const seen = await a.next('attendance_update');
    expect(seen.data).toEqual({ userId: alice.id, date: '2026-11-21', action: 'check_in' });
    await boss.next('attendance_update');
    expect((await barrier(b, bob.id)).map((m) => m.type)).toEqual(['joined']);
    for (const c of [a, b, boss]) c.socket.close();
  });

  it('delivers events published by another server process on the same database', async () => {
    const onTwo = await joined(urlTwo, alice);
    await one.bus.publish({
      kind: 'live',
      type: 'leave_status_notification',
      data: { message: 'Approved', type: 'success', user: { id: alice.id, name: 'Alice' } },
      audience: { userIds: [alice.id] },
    });
    expect((await onTwo.next('leave_status_notification')).data).toMatchObject({ message: 'Approved' });
    onTwo.socket.close();
  });

  it('sends a socket that joins again, on either process, what it missed since its last seq: once, in order', async () => {
    const notice = (message: string, userId = alice.id) =>
      one.bus.publish({
        kind: 'live',
        type: 'leave_status_notification',
        data: { message, type: 'success', user: { id: userId, name: 'Someone' } },
        audience: { userIds: [userId] },
      });
    const first = await joined(urlOne, alice);
    await notice('before');
    const last = await first.next((m) => (m.data as { message?: string }).message === 'before');
    first.socket.close();
    await first.closed;
    await notice('away 1');
    await notice('for bob', bob.id);
    await two.bus.publish({
      kind: 'live',
      type: 'attendance_update',
      data: { userId: alice.id, date: '2026-11-21', action: 'check_out' },
      audience: { userIds: [alice.id] },
    });
    await notice('away 2');
    await two.bus.caughtUp();

    const again = await joined(urlTwo, alice, undefined, last.seq);
    await notice('after');
    await again.next((m) => (m.data as { message?: string }).message === 'after');
    const described = again.messages.map((m) =>
      m.type === 'leave_status_notification' ? (m.data as { message: string }).message : m.type,
    );
    expect(described).toEqual(['away 1', 'attendance_update', 'away 2', 'joined', 'after']);
    const seqs = again.messages.filter((m) => m.type !== 'joined').map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    again.socket.close();
  });

  it('tells a socket to reload when the log no longer reaches back to its last seq', async () => {
    const client = await joined(urlOne, alice, undefined, 987_654_321);
    expect(client.messages.map((m) => m.type)).toEqual(['reload', 'joined']);
    client.socket.close();
  });

  it('answers a sign-out only once every process refuses its token', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [via, other] = round % 2 === 0 ? [one, two] : [two, one];
      const session = await login(via.app, alice);
      const me = (t: Pick<TestApp, 'app'>) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.auth }).then((r) => r.statusCode);
      // Both processes have checked (and cached) the token.
      expect([await me(via), await me(other)]).toEqual([200, 200]);
      const out = await via.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.auth });
      expect(out.statusCode).toBe(200);
      expect([await me(other), await me(via)]).toEqual([401, 401]);
    }
  });

  it('publishes nothing from a transaction that rolls back', async () => {
    const a = await joined(urlOne, alice);
    await suite.db
      .transaction()
      .execute(async (trx) => {
        await one.bus.publish(
          {
            kind: 'live',
            type: 'device_event',
            data: {
              eventType: 'rolled-back',
              deviceId: 'HK-2',
              label: 'Access granted by card',
              kind: 'granted',
              user: null,
              access_point: null,
              timestamp: '2026-11-20T08:00:00.000Z',
            },
            audience: { userIds: [alice.id] },
          },
          trx,
        );
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect((await barrier(a, alice.id)).map((m) => m.type)).toEqual(['joined']);
    a.socket.close();
  });

  it('closes the sockets of a session when it logs out, on every process', async () => {
    const onTwo = await joined(urlTwo, bob);
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${onTwo.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await onTwo.closed).code).toBe(4403);
  });

  it('closes the sockets of a session its owner ends from another one, on every process', async () => {
    const onTwo = await joined(urlTwo, bob);
    const sid = JSON.parse(Buffer.from(onTwo.token.split('.')[1]!, 'base64url').toString()).sid;
    const elsewhere = await login(one.app, bob);
    const res = await one.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${sid}`,
      headers: elsewhere.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await onTwo.closed).code).toBe(4403);
  });

  it('closes a socket with the auth code when its access token expires', async () => {
    const short = await startTestApp(suite.database, { accessTokenTtlSeconds: 2 });
    try {
      const url = await listen(short.app);
      const { token } = await login(short.app, alice);
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
      const client = await connect(url);
      client.socket.send(JSON.stringify({ type: 'join', userId: alice.id, token }));
      await client.next('joined');
      const { code, at } = await client.closed;
      expect(code).toBe(4401);
      expect(at).toBeGreaterThanOrEqual(exp * 1000 - 50);
    } finally {
      await short.close();
    }
  }, 10_000);

  it('closes a socket whose session ended without an event reaching this process', async () => {
    const client = await joined(urlOne, alice);
    const sid = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString()).sid;
    // The absolute lifetime passing publishes nothing; the periodic re-check must notice.
    await suite.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sid)
      .execute();
    expect((await client.closed).code).toBe(4403);
  });

  it('applies a role change to a joined socket', async () => {
    const client = await joined(urlOne, bob);
    const adminsOnly = () =>
      one.bus.publish({
        kind: 'live',
        type: 'attendance_update',
        data: { userId: alice.id, date: '2026-11-21', action: 'check_in' },
        audience: { admins: true },
      });
    try {
      await changeUser(suite.db, bob, { role: 'admin' });
      await vi.waitFor(
        () =>
          expect(client.messages).toContainEqual({
            type: 'joined',
            data: { userId: bob.id, role: 'admin', seq: expect.any(Number) },
          }),
        { timeout: 3000 },
      );
      await adminsOnly();
      await client.next('attendance_update');

      await changeUser(suite.db, bob, { role: 'staff' });
      await vi.waitFor(
        () =>
          expect(client.messages.at(-1)).toEqual({
            type: 'joined',
            data: { userId: bob.id, role: 'staff', seq: expect.any(Number) },
          }),
        { timeout: 3000 },
      );
      const before = client.messages.length;
      await adminsOnly();
      expect((await barrier(client, bob.id)).slice(before)).toEqual([]);
    } finally {
      await changeUser(suite.db, bob, { role: 'staff' });
      client.socket.close();
    }
  });

  it('stops admin events to a demoted admin at once, not at the next periodic check', async () => {
    // Process two re-checks its sockets' sessions only every 30 s (the default heartbeat).
    const carol = await createUser(suite.db, 'admin');
    const client = await joined(urlTwo, carol);
    const adminsOnly = () =>
      two.bus.publish({
        kind: 'live',
        type: 'attendance_update',
        data: { userId: alice.id, date: '2026-11-21', action: 'check_in' },
        audience: { admins: true },
      });
    try {
      await adminsOnly();
      await client.next('attendance_update');
      const { token } = await login(one.app, admin);
      const demoted = await one.app.inject({
        method: 'PATCH',
        url: `/api/users/${carol.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { role: 'staff' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      // Answered once every process has read the change: an admin event from now on is not hers.
      const before = client.messages.length;
      await adminsOnly();
      const after = await barrier(client, carol.id);
      expect(after.slice(before).filter((m) => m.type === 'attendance_update')).toEqual([]);
      expect(client.messages).toContainEqual({
        type: 'joined',
        data: { userId: carol.id, role: 'staff', seq: expect.any(Number) },
      });
    } finally {
      client.socket.close();
    }
  });

  it('drops a socket that stops answering heartbeats', async () => {
    const client = await joined(urlOne, alice);
    // Stop reading: pings go unanswered, as with a peer that vanished without closing.
    const raw = (client.socket as unknown as { _socket: Socket })._socket;
    const serverEnd = () =>
      [...one.app.websocketServer.clients].find(
        (ws) => (ws as unknown as { _socket: Socket })._socket.remotePort === raw.localPort,
      );
    expect(serverEnd()).toBeDefined();
    raw.pause();
    // The server gives up on it after a missed heartbeat; only then may the client read again.
    await vi.waitFor(() => expect(serverEnd()).toBeUndefined(), { timeout: 3000, interval: 20 });
    raw.resume();
    const { code } = await client.closed;
    expect(code).toBe(1006);
  });
});
