import { accessApi, fillPath } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  badgeOf,
  cardEvent,
  push,
  setCommandEndpoint,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser, type TestUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';
import type { DomainEvent } from '../../core/events/bus';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';

let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;
let staff: TestUser;
let other: TestUser;
let admin: TestUser;
let staffSession: LoggedIn;
let otherSession: LoggedIn;
let adminSession: LoggedIn;
const events: DomainEvent[] = [];

useAccessSuite('A', (s) => {
  ({ database, t } = s);
  ({ main, server } = s.doors);
});
beforeAll(async () => {
  t.bus.subscribe((e) => events.push(e));
  staff = await makeUser(database.db, { firstName: 'Sam', lastName: 'Staff' });
  other = await makeUser(database.db, { firstName: 'Olive', lastName: 'Other' });
  admin = await makeUser(database.db, { role: 'admin' });
  staffSession = await login(t.app, staff);
  otherSession = await login(t.app, other);
  adminSession = await login(t.app, admin);
});

const call = (session: LoggedIn, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: session.auth,
    payload: payload as object,
  });

async function passage(person: TestUser, door: TestDoor, at: Date, way: 'in' | 'out') {
  const { badge_number } = await badgeOf(database.db, person.id);
  const e = cardEvent(door.code, at, { cardNo: badge_number, readerNo: way === 'in' ? 1 : 2 });
  expect((await push(t.url, door.secret, jsonEvent(e), 'application/json')).status).toBe(200);
}

describe('who may call what', () => {
  const adminOnly = Object.entries(accessApi).filter(([, e]) => e.audience === 'admin');
  it.each(adminOnly)('%s answers 403 to staff', async (_name, endpoint) => {
    const url = fillPath(endpoint.path, { id: 1 });
    const res = await call(staffSession, endpoint.method, url, endpoint.method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(403);
  });

  it.each(Object.entries(accessApi).filter(([, e]) => e.audience !== 'public'))(
    '%s answers 401 without a token',
    async (_name, endpoint) => {
      const res = await t.app.inject({
        method: endpoint.method as 'GET',
        url: `/api${fillPath(endpoint.path, { id: 1 })}`,
      });
      expect(res.statusCode).toBe(401);
    },
  );
});

describe('a person and their own access', () => {
  it('shows only my own passages, newest first, a page at a time', async () => {
    for (let i = 0; i < 5; i += 1) await passage(staff, server, new Date(Date.UTC(2026, 10, 20, 8, i)), 'in');
    await passage(other, server, new Date(Date.UTC(2026, 10, 20, 9)), 'in');
    const first = await call(staffSession, 'GET', '/access/my-logs?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.logs.map((l: { timestamp: string }) => l.timestamp)).toEqual([
      '2026-11-20T08:04:00.000Z',
      '2026-11-20T08:03:00.000Z',
    ]);
    expect(page1.logs.every((l: { user_id: number }) => l.user_id === staff.id)).toBe(true);
    const seen = [...page1.logs];
    let cursor = page1.next_cursor;
    while (cursor) {
      const next = (await call(staffSession, 'GET', `/access/my-logs?limit=2&cursor=${cursor}`)).json();
      seen.push(...next.logs);
      cursor = next.next_cursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((l) => l.id)).size).toBe(5);
    expect(seen[0]).toMatchObject({
      first_name: 'Sam',
      last_name: 'Staff',
      action: 'entry',
      access_point: 'Server Room Door A',
      device_id: server.code,
    });
  });

  it('refuses a cursor it did not make with 400 naming the field', async () => {
    const res = await call(staffSession, 'GET', '/access/my-logs?cursor=bm9wZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('cursor');
  });

  it('records a passage from the web reader, live to me and to admins, and counts it', async () => {
    events.length = 0;
    const res = await call(otherSession, 'POST', '/access/simulate', {
      action: 'entry',
      access_point: `Main Entrance A`,
      device_id: 'HK-042',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().log).toMatchObject({
      user_id: other.id,
      action: 'entry',
      device_id: 'HK-042',
      access_point: 'Main Entrance A',
    });
    const status = (await call(otherSession, 'GET', '/access/my-status')).json().status;
    expect(status).toMatchObject({ status: 'in', last_access_point: 'Main Entrance A' });
    const stats = (await call(otherSession, 'GET', '/access/my-stats')).json().stats;
    expect(stats.today_entries).toBe(1);
    // This passage's own message: those of earlier tests' door pushes may still be arriving (door
    // events' live messages go out up to 25 ms after their commit).
    const mine = (e: DomainEvent) =>
      e.kind === 'live' && e.type === 'access_log_update' && e.data.device_id === 'HK-042';
    await expect.poll(() => events.find(mine)).toBeTruthy();
    const live = events.find(mine);
    expect(live).toMatchObject({
      data: {
        user: { id: other.id, name: 'Olive Other' },
        action: 'entry',
        access_point: 'Main Entrance A',
        device_id: 'HK-042',
      },
      audience: { userIds: [other.id], admins: true },
    });
    // The web reader at an attendance door is a badge check-in like any other.
    await expect
      .poll(() => events.some((e) => e.kind === 'live' && e.type === 'attendance_update'))
      .toBe(true);

    const out = await call(otherSession, 'POST', '/access/simulate', {
      action: 'exit',
      access_point: 'main entrance a',
      device_id: 'HK-043',
    });
    expect(out.statusCode).toBe(200);
    expect((await call(otherSession, 'GET', '/access/my-status')).json().status.status).toBe('out');
  });

  it('refuses an unknown access point or a malformed device id with 400 naming the field', async () => {
    const unknown = await call(staffSession, 'POST', '/access/simulate', {
      action: 'entry',
      access_point: 'Moon Base',
      device_id: 'HK-001',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('access_point');
    const bad = await call(staffSession, 'POST', '/access/simulate', {
      action: 'entry',
      access_point: 'Main Entrance A',
      device_id: 'X\u0000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('device_id');
  });
});

describe('administrators', () => {
  it('search the log by name or access point, filter by action and dates', async () => {
    const byName = (await call(adminSession, 'GET', '/access/logs?search=olive')).json();
    expect(byName.logs.length).toBeGreaterThan(0);
    expect(byName.logs.every((l: { user_id: number }) => l.user_id === other.id)).toBe(true);
    const byPoint = (
      await call(
        adminSession,
        'GET',
        '/access/logs?search=server%20room&action=entry&from=2026-11-20&to=2026-11-20',
      )
    ).json();
    expect(byPoint.logs).toHaveLength(6);
    const exits = (await call(adminSession, 'GET', '/access/logs?action=exit')).json();
    expect(exits.logs.every((l: { action: string }) => l.action === 'exit')).toBe(true);
    const bad = await call(adminSession, 'GET', '/access/logs?from=1900-01-01');
    expect(bad.statusCode).toBe(400);
  });

  it('see the building figures', async () => {
    const stats = (await call(adminSession, 'GET', '/access/stats')).json().stats;
    expect(stats).toMatchObject({ today_exits: 1 });
    expect(stats.today_entries).toBeGreaterThanOrEqual(1);
  });

  it('acknowledge an alert once, with a note, audited', async () => {
    const e = cardEvent(main.code, new Date('2026-11-20T22:00:00Z'), { major: 5, minor: 27 });
    await push(t.url, main.secret, jsonEvent(e), 'application/json');
    const list = (await call(adminSession, 'GET', '/access/alerts?state=active&source=access')).json();
    const alert = list.alerts.find((a: { kind: string }) => a.kind === 'door_forced_open');
    expect(alert).toMatchObject({ state: 'active', device_id: main.code, severity: 'high' });
    const ack = await call(adminSession, 'POST', `/access/alerts/${alert.id}/acknowledge`, {
      note: 'Checked: wind',
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().alert).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: admin.id,
      acknowledge_note: 'Checked: wind',
    });
    const again = await call(adminSession, 'POST', `/access/alerts/${alert.id}/acknowledge`, {
      note: 'second',
    });
    expect(again.json().alert.acknowledge_note).toBe('Checked: wind');
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'alert.acknowledged')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.id, target_id: String(alert.id) });
    expect((await call(adminSession, 'POST', '/access/alerts/999999/acknowledge', {})).statusCode).toBe(404);
  });

  it("see each person's employee and badge numbers in the people list", async () => {
    const users = (await call(adminSession, 'GET', '/users')).json().users;
    const sam = users.find((u: { id: number }) => u.id === staff.id);
    expect(sam).toMatchObject(await badgeOf(database.db, staff.id));
  });

  it('change a badge (audited); the old card no longer names the person', async () => {
    const res = await call(adminSession, 'PUT', `/access/people/${staff.id}/badge`, {
      badge_number: 'NEW-0001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.badge_number).toBe('NEW-0001');
    const taken = await call(adminSession, 'PUT', `/access/people/${other.id}/badge`, {
      badge_number: 'NEW-0001',
    });
    expect(taken.statusCode).toBe(409);
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.badge_changed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('rotate a push secret: the new URL works, the old secret answers 401', async () => {
    const res = await call(adminSession, 'POST', `/access/devices/${server.id}/push-secret`);
    expect(res.statusCode).toBe(200);
    const { pushUrl } = res.json();
    expect(pushUrl).toMatch(/\/api\/devices\/isapi\/[A-Za-z0-9_-]{43}$/);
    const e = cardEvent(server.code, new Date('2026-11-20T23:00:00Z'));
    const old = await push(t.url, server.secret, jsonEvent(e), 'application/json');
    expect(old.status).toBe(401);
    const fresh = await fetch(pushUrl.replace(/^http:\/\/[^/]+/, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonEvent(e),
    });
    expect(fresh.status).toBe(200);
    server.secret = pushUrl.split('/').pop()!;
  });

  it('open a door on a controller over HTTP with digest auth, and read its status', async () => {
    const controller = await t.fleet.add({
      deviceId: main.code,
      pushUrl: `${t.url}/api/devices/isapi/${main.secret}`,
      username: 'admin',
      password: 'door-pass-1',
    });
    await setCommandEndpoint(database.db, main.id, controller.address!, 'admin', 'door-pass-1');
    // No body at all: the body is optional and its defaults (door 1) apply.
    const open = await fetch(`${t.url}/api/access/devices/${main.id}/door/open`, {
      method: 'POST',
      headers: adminSession.auth,
    }).then(async (res) => ({ statusCode: res.status, json: (await res.json()) as { result: unknown } }));
    expect(open.statusCode, JSON.stringify(open.json)).toBe(200);
    expect(open.json.result).toEqual({ ok: true, statusCode: 1, statusString: 'OK' });
    expect(controller.commands).toContain('door 1 open');
    const status = (await call(adminSession, 'GET', `/access/devices/${main.id}/door-status`)).json()
      .doorStatus;
    expect(status).toMatchObject({ reachable: true, door: 'open', lock: 'unlocked', readers_online: 2 });
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'device.door_opened')
      .execute();
    expect(audit.at(-1)).toMatchObject({ actor_user_id: admin.id, target_id: String(main.id) });
    // The controller reports the remote opening as an event of its own.
    await expect
      .poll(async () =>
        (await call(adminSession, 'GET', `/access/devices/${main.id}/events?limit=5`))
          .json()
          .events.some((e: { minor: number }) => e.minor === 1024),
      )
      .toBe(true);

    // Wrong credentials: the device's refusal is reported, not a server error.
    await setCommandEndpoint(database.db, main.id, controller.address!, 'admin', 'wrong');
    const refused = (await call(adminSession, 'POST', `/access/devices/${main.id}/door/open`, {})).json()
      .result;
    expect(refused.ok).toBe(false);
    await setCommandEndpoint(database.db, main.id, 'http://127.0.0.1:9', 'admin', 'x');
    const down = (await call(adminSession, 'GET', `/access/devices/${main.id}/door-status`)).json()
      .doorStatus;
    expect(down.reachable).toBe(false);
  });

  it('simulate a Hikvision event: the simulated controller pushes it over HTTP', async () => {
    const res = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: main.code,
      eventType: 'access_control',
      userId: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      deviceId: main.code,
      eventType: 'access_control',
      delivered: true,
    });
    const row = await database.db
      .selectFrom('access_events')
      .selectAll()
      .where('device_ref', '=', main.id)
      .where('serial_no', '=', res.json().result.serialNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: other.id, kind: 'granted' });
    const noPerson = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: main.code,
      eventType: 'access_control',
      userId: 2_000_000,
    });
    expect(noPerson.statusCode).toBe(400);
    expect(noPerson.json().error.details[0].field).toBe('userId');
    const noDevice = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: 'HK-999',
      eventType: 'access_control',
      userId: other.id,
    });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().error.details[0].field).toBe('deviceId');
  });

  it('simulate a forced door and a tamper with nobody; a swipe without a person is refused naming userId', async () => {
    for (const [eventType, kind] of [
      ['door_forced_open', 'alarm'],
      ['tamper', 'alarm'],
    ] as const) {
      const res = await call(adminSession, 'POST', '/access/simulate-hikvision', {
        deviceId: main.code,
        eventType,
      });
      expect([eventType, res.statusCode]).toEqual([eventType, 200]);
      expect(res.json().result.delivered).toBe(true);
      const rows = await database.db
        .selectFrom('access_events')
        .select(['kind', 'user_id'])
        .where('device_ref', '=', main.id)
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(rows[0]).toEqual({ kind, user_id: null });
    }
    const swipe = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: main.code,
      eventType: 'access_denied',
    });
    expect(swipe.statusCode).toBe(400);
    expect(swipe.json().error.details[0]).toMatchObject({
      field: 'userId',
      message: 'Person is required for this event',
    });
  });

  it('open no door of a device in maintenance or without an address: 409 says what to change', async () => {
    await call(adminSession, 'PUT', `/access/devices/${server.id}`, { maintenance: true });
    const resting = await call(adminSession, 'POST', `/access/devices/${server.id}/door/open`);
    expect(resting.statusCode).toBe(409);
    expect(resting.json().error.message).toMatch(
      /is in maintenance: take it out of maintenance to open its door$/,
    );
    await call(adminSession, 'PUT', `/access/devices/${server.id}`, { maintenance: false, address: null });
    const nowhere = await call(adminSession, 'POST', `/access/devices/${server.id}/door/open`);
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().error.message).toMatch(/has no address for commands: set it with Configure$/);
  });

  it('update a device: settings, maintenance; bad input names the field', async () => {
    const res = await call(adminSession, 'PUT', `/access/devices/${server.id}`, {
      name: 'Server Room North',
      direction: 'both',
      maintenance: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().device).toMatchObject({
      name: 'Server Room North',
      direction: 'both',
      status: 'maintenance',
      has_push_secret: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('password');
    const bad = await call(adminSession, 'PUT', `/access/devices/${server.id}`, { access_point_id: 999_999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('access_point_id');
    const missing = await call(adminSession, 'PUT', '/access/devices/999999', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    // PATCH is the same partial edit.
    const patched = await call(adminSession, 'PATCH', `/access/devices/${server.id}`, {
      location: 'Basement',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().device).toMatchObject({ location: 'Basement', name: 'Server Room North' });
    expect(
      (await call(staffSession, 'PATCH', `/access/devices/${server.id}`, { location: 'x' })).statusCode,
    ).toBe(403);
    await call(adminSession, 'PUT', `/access/devices/${server.id}`, { maintenance: false });
  });
});
