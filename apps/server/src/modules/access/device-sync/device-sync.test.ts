import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  badgeOf,
  setCommandEndpoint,
  type TestDoor,
  useAccessSuite,
} from '../../../../test/access';
import type { TestDatabase } from '../../../../test/context';
import { testCredentialsKey } from '../../../../test/context';
import { makeUser, type TestUser } from '../../../../test/factories';
import { type LoggedIn, login } from '../../../../test/fixtures';
import { OrgClock } from '../../../core/clock';
import { DeviceCredentials } from '../../../devices/hikvision/credentials';
import type { SimulatedController } from '../../../devices/hikvision/simulator/controller';
import { DeviceSync } from './device-sync';

// People and cards on the controllers, in step with access levels and grants (issue 32).
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let levels: { main: number; secure: number };
let admin: LoggedIn;
let controller: SimulatedController;
let deviceId: number;
let sync: DeviceSync;
let stopSync: () => Promise<void>;
type Holder = TestUser & { employeeNumber: string; badgeNumber: string };
let alice: Holder;
let bob: Holder;
let carol: Holder;
const errors: unknown[] = [];

useAccessSuite('Y', (s) => {
  ({ database, t } = s);
  ({ main } = s.doors);
  levels = s.doors.levels;
});

async function call(session: LoggedIn, method: string, url: string, payload?: object) {
  const res = await fetch(`${t.url}/api${url}`, {
    method,
    headers: { ...session.auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  return { statusCode: res.status, json: () => JSON.parse(text) };
}

const deviceView = async () =>
  (await call(admin, 'GET', '/access/devices')).json().devices.find((d: { id: number }) => d.id === deviceId);

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The last event the controller pushed, as Atrium stored it. */
async function lastEvent() {
  return database.db
    .selectFrom('access_events')
    .select(['kind', 'user_id', 'card_no'])
    .where('device_ref', '=', deviceId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

beforeAll(async () => {
  const adminUser = await makeUser(database.db, { role: 'admin' });
  admin = await login(t.app, adminUser);
  const holder = async (department: string): Promise<Holder> => {
    const user = await makeUser(database.db, { department });
    const b = await badgeOf(database.db, user.id);
    return { ...user, employeeNumber: b.employee_number, badgeNumber: b.badge_number };
  };
  alice = await holder('Sync Ops');
  bob = await holder('Sync Ops');
  carol = await holder('Sync Other');
  controller = await t.fleet.add({
    deviceId: 'SYNC-1',
    pushUrl: 'http://127.0.0.1:9/none',
    username: 'admin',
    password: 'Door#2026',
  });
  const added = await call(admin, 'POST', '/access/devices', {
    type: 'access_controller',
    name: 'Sync door',
    location: 'Lobby',
    address: controller.address,
    username: 'admin',
    password: 'Door#2026',
    access_point_id: main.accessPointId,
    direction: 'entry',
  });
  expect(added.statusCode).toBe(201);
  deviceId = added.json().device.id;
  sync = new DeviceSync(
    database.db,
    new OrgClock(database.db),
    new DeviceCredentials(testCredentialsKey),
    (e) => errors.push(e),
    { sweepMs: 60_000 },
  );
  stopSync = sync.start(t.bus);
});

afterAll(async () => {
  await stopSync();
});

describe('writing people to a controller', () => {
  it('writes everyone a grant lets through that door, with their card, and nobody else', async () => {
    const dept = await call(admin, 'POST', '/access/grants', {
      level_id: levels.main,
      department_id: alice.departmentId,
    });
    expect(dept.statusCode).toBe(201);
    // A grant elsewhere (the server room) does not reach the main entrance's controller.
    await call(admin, 'POST', '/access/grants', { level_id: levels.secure, user_id: carol.id });
    await sync.run();
    expect(controller.people.user(alice.employeeNumber)?.name).toBe(`${alice.firstName} ${alice.lastName}`);
    expect(controller.people.cardsOf(alice.employeeNumber)).toEqual([alice.badgeNumber]);
    expect(controller.people.user(bob.employeeNumber)).toBeDefined();
    expect(controller.people.user(carol.employeeNumber)).toBeUndefined();
    const view = await deviceView();
    expect(view.sync).toMatchObject({ state: 'in_sync', pending: 0, error: null });
    expect(view.sync.people).toBe(controller.people.userCount);
    expect(errors).toEqual([]);
  });

  it('lets the door decide by that list: granted, then denied after a revoke, with its alert', async () => {
    const granted = await controller.swipe(alice.badgeNumber);
    expect(granted).toMatchObject({ delivered: true, granted: true });
    await until('the granted event is stored', async () => (await lastEvent())?.kind === 'granted');

    const own = await call(admin, 'POST', '/access/grants', { level_id: levels.main, user_id: bob.id });
    const grants = (await call(admin, 'GET', `/access/grants?department_id=${alice.departmentId}`)).json();
    const revoked = await call(admin, 'DELETE', `/access/grants/${grants.grants[0].id}`);
    expect(revoked.statusCode).toBe(200);
    // No round is run by hand: the revoke announces itself and reaches the device on its own.
    const started = Date.now();
    await until('alice is deleted from the controller', () => !controller.people.user(alice.employeeNumber));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(controller.people.user(bob.employeeNumber)).toBeDefined();
    expect(own.statusCode).toBe(201);

    const denied = await controller.swipe(alice.badgeNumber);
    expect(denied.granted).toBe(false);
    await until('the denied event is stored', async () => (await lastEvent())?.kind === 'denied');
    const alert = await database.db
      .selectFrom('alerts')
      .select(['kind', 'message'])
      .where('device_id', '=', (await deviceView()).device_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(alert?.kind).toBe('access_denied');
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'access_grant.%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['access_grant.create', 'access_grant.delete']),
    );
  });

  it('writes a level’s weekly schedule as a time plan the door keeps', async () => {
    const level = await call(admin, 'POST', '/access/levels', {
      name: 'Early shift',
      doors: [{ access_point_id: main.accessPointId, days: [1, 2, 3, 4, 5], starts: '06:00', ends: '08:00' }],
    });
    expect(level.statusCode).toBe(201);
    await call(admin, 'POST', '/access/grants', { level_id: level.json().level.id, user_id: carol.id });
    await until('carol and her card are on the controller', () =>
      controller.people.cardsOf(carol.employeeNumber).includes(carol.badgeNumber),
    );
    // Monday 30 November 2026 on the device's clock.
    expect((await controller.swipe(carol.badgeNumber, 1, 1, new Date('2026-11-30T06:30:00Z'))).granted).toBe(
      true,
    );
    expect((await controller.swipe(carol.badgeNumber, 1, 1, new Date('2026-11-30T09:00:00Z'))).granted).toBe(
      false,
    );
    // Sunday: not a day of the plan.
    expect((await controller.swipe(carol.badgeNumber, 1, 1, new Date('2026-11-29T06:30:00Z'))).granted).toBe(
      false,
    );
  });

  it('moves a changed badge: the old card stops opening, the new one opens', async () => {
    const old = bob.badgeNumber;
    const res = await call(admin, 'PUT', `/access/people/${bob.id}/badge`, { badge_number: 'SYNC-NEW-77' });
    expect(res.statusCode).toBe(200);
    await sync.run();
    expect(controller.people.cardsOf(bob.employeeNumber)).toEqual(['SYNC-NEW-77']);
    expect((await controller.swipe(old)).granted).toBe(false);
    expect((await controller.swipe('SYNC-NEW-77')).granted).toBe(true);
  });

  it('keeps changes waiting for an unreachable device, and sends them when it answers again', async () => {
    await setCommandEndpoint(database.db, deviceId, 'http://127.0.0.1:9', 'admin', 'Door#2026');
    await database.db.updateTable('users').set({ active: false }).where('id', '=', bob.id).execute();
    await sync.run();
    const waiting = (await deviceView()).sync;
    expect(waiting.state).toBe('error');
    expect(waiting.pending).toBe(1);
    expect(waiting.error).toMatch(/did not answer/);
    expect(new Date(waiting.retry_at).getTime()).toBeGreaterThan(Date.now());
    expect(controller.people.user(bob.employeeNumber)).toBeDefined();

    await setCommandEndpoint(database.db, deviceId, controller.address!, 'admin', 'Door#2026');
    // Resync also ends the backoff; the device's own list is read back first.
    const resync = await call(admin, 'POST', `/access/devices/${deviceId}/resync`);
    expect(resync.statusCode).toBe(200);
    await until('in sync again', async () => (await deviceView()).sync.state === 'in_sync');
    expect(controller.people.user(bob.employeeNumber)).toBeUndefined();
  });

  it('on a resync, deletes people someone put on the device by hand', async () => {
    controller.people.handle(
      'PUT',
      '/ISAPI/AccessControl/UserInfo/SetUp',
      JSON.stringify({ UserInfo: { employeeNo: 'STRANGER-1', name: 'Walked in' } }),
    );
    expect((await call(admin, 'POST', `/access/devices/${deviceId}/resync`)).statusCode).toBe(200);
    await until('the stranger is gone', () => controller.people.user('STRANGER-1') === undefined);
    await until('in sync', async () => (await deviceView()).sync.state === 'in_sync');
    expect(controller.people.user(carol.employeeNumber)).toBeDefined();
  });

  it('names wrong credentials on the device page, and staff cannot resync', async () => {
    await setCommandEndpoint(database.db, deviceId, controller.address!, 'admin', 'wrong');
    await call(admin, 'POST', `/access/devices/${deviceId}/resync`);
    await until('the error shows', async () => (await deviceView()).sync.state === 'error');
    expect((await deviceView()).sync.error).toMatch(/refused the credentials/);
    const staff = await login(t.app, alice);
    expect((await call(staff, 'POST', `/access/devices/${deviceId}/resync`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/access/devices/999999/resync')).statusCode).toBe(404);
  });
});
