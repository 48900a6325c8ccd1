import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  cardEvent,
  eventsOf,
  push,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';
import type { SimulatedController } from '../../devices/hikvision/simulator/controller';

// Devices an administrator adds from the screen: Atrium asks the device what it is first.
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let admin: LoggedIn;
let adminId: number;
let staff: LoggedIn;
let controller: SimulatedController;
/** Servers that are not ISAPI devices: one that never answers, one that answers a web page. */
const others: http.Server[] = [];
let silent: string;
let website: string;
/** Says what it is, without asking for credentials, and refuses to take an event target. */
let stubborn: string;

useAccessSuite('G', (s) => {
  ({ database, t } = s);
  ({ main } = s.doors);
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  others.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const adminUser = await makeUser(database.db, { role: 'admin' });
  adminId = adminUser.id;
  admin = await login(t.app, adminUser);
  staff = await login(t.app, await makeUser(database.db));
  // Not started pushing anywhere yet: Atrium gives it its push URL when it is added.
  controller = await t.fleet.add({
    deviceId: 'NEW-1',
    pushUrl: 'http://127.0.0.1:9/none',
    username: 'admin',
    password: 'Door#2026',
  });
  silent = await serve(() => {});
  website = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Router</title>');
  });
  stubborn = await serve((req, res) => {
    if (req.url === '/ISAPI/System/deviceInfo') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end('<DeviceInfo><model>DS-2CD2143G2</model><serialNumber>STUBBORN-1</serialNumber></DeviceInfo>');
      return;
    }
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<ResponseStatus><statusCode>4</statusCode></ResponseStatus>');
  });
});

afterAll(async () => {
  for (const server of others) {
    server.closeAllConnections();
    server.close();
  }
});

/** Over real HTTP: the push URL Atrium gives a device starts with the address it was asked on. */
async function call(session: LoggedIn, method: string, url: string, payload?: object) {
  const res = await fetch(`${t.url}/api${url}`, {
    method,
    headers: { ...session.auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  return { statusCode: res.status, json: () => JSON.parse(text) };
}

const connection = () => ({ address: controller.address!, username: 'admin', password: 'Door#2026' });
const newDevice = (over: object = {}) => ({
  ...connection(),
  type: 'access_controller',
  name: 'Loading Bay',
  location: 'Warehouse',
  access_point_id: main.accessPointId,
  direction: 'entry',
  ...over,
});

describe('adding a device', () => {
  it('tests the connection: what the device says it is, stored nowhere', async () => {
    const res = await call(admin, 'POST', '/access/devices/test-connection', connection());
    expect(res.statusCode).toBe(200);
    expect(res.json().identity).toMatchObject({
      model: 'DS-K1T671M',
      serialNumber: controller.serialNumber,
      firmwareVersion: 'V3.2.30',
      macAddress: expect.stringMatching(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/),
    });
    expect(controller.commands).toContain('device info');
    const listed = (await call(admin, 'GET', '/access/devices')).json().devices;
    expect(
      listed.some((d: { serial_number: string | null }) => d.serial_number === controller.serialNumber),
    ).toBe(false);
  });

  it.each([
    [
      'wrong credentials',
      () => ({ ...connection(), password: 'wrong' }),
      'password',
      'credentials',
      /refused the username or password/,
    ],
    [
      'nothing listening',
      () => ({ ...connection(), address: 'http://127.0.0.1:9' }),
      'address',
      'unreachable',
      /^Nothing answers at http:\/\/127\.0\.0\.1:9/,
    ],
    [
      'a web server that is not a device',
      () => ({ ...connection(), address: website }),
      'address',
      'not_isapi',
      /answers, but not as a Hikvision ISAPI device/,
    ],
    [
      'a device that never answers',
      () => ({ ...connection(), address: silent }),
      'address',
      'timeout',
      /did not answer within 5 seconds/,
    ],
  ])(
    'answers 422 naming what to fix for %s',
    async (_case, body, field, rule, message) => {
      const started = performance.now();
      const res = await call(admin, 'POST', '/access/devices/test-connection', body());
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details[0]).toMatchObject({
        field,
        rule,
        message: expect.stringMatching(message),
      });
      expect(performance.now() - started).toBeLessThan(7000);
      // Adding refuses the same way, and stores nothing.
      const add = await call(admin, 'POST', '/access/devices', newDevice(body()));
      expect([add.statusCode, add.json().error.details[0].field]).toEqual([422, field]);
    },
    20_000,
  );

  it('refuses a staff member with 403', async () => {
    expect((await call(staff, 'POST', '/access/devices/test-connection', connection())).statusCode).toBe(403);
    expect((await call(staff, 'POST', '/access/devices', newDevice())).statusCode).toBe(403);
  });

  it('registers it under its serial number with credentials encrypted, and takes its pushes', async () => {
    const res = await call(admin, 'POST', '/access/devices', newDevice());
    expect(res.statusCode).toBe(201);
    const { device, identity, pushUrl } = res.json();
    expect(device).toMatchObject({
      device_id: controller.serialNumber,
      name: 'Loading Bay',
      model: 'DS-K1T671M',
      serial_number: controller.serialNumber,
      firmware_version: 'V3.2.30',
      access_point_id: main.accessPointId,
      direction: 'entry',
      has_credentials: true,
      has_push_secret: true,
    });
    expect(identity.serialNumber).toBe(controller.serialNumber);
    expect(JSON.stringify(res.json())).not.toContain('Door#2026');
    const row = await database.db
      .selectFrom('devices')
      .select(['command_password'])
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.command_password).toMatch(/^v1:/);
    expect(row.command_password).not.toContain('Door#2026');
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'device.added')
      .where('target_id', '=', String(device.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).not.toContain('Door#2026');
    // Its push URL works: an event pushed there is stored as this device's.
    const secret = pushUrl.split('/').pop();
    const e = cardEvent(device.device_id, new Date());
    expect((await push(t.url, secret, jsonEvent(e), 'application/json')).status).toBe(200);
    expect((await eventsOf(database.db, device.id)).map((r) => r.serial_no)).toEqual([e.serialNo]);
    // Atrium set that URL as the device's event target itself: what the device sends arrives.
    expect(device.push_configured_at).not.toBeNull();
    expect(device.push_error).toBeNull();
    expect(controller.pushUrl).toBe(pushUrl);
    expect(controller.commands).toEqual(expect.arrayContaining(['event target set', 'event target read']));
    const emitted = await controller.emit({ major: 5, minor: 1, cardNo: '0099', readerNo: 1 });
    expect(emitted.delivered).toBe(true);
    expect((await eventsOf(database.db, device.id)).map((r) => r.serial_no)).toContain(emitted.serialNo);
    // Open Door now works, with the credentials given.
    const open = await call(admin, 'POST', `/access/devices/${device.id}/door/open`);
    expect(open.json().result.ok).toBe(true);
  });

  it('sets a new event target on demand; the old push URL stops working', async () => {
    const listed = (await call(admin, 'GET', '/access/devices')).json().devices as {
      id: number;
      serial_number: string | null;
    }[];
    const device = listed.find((d) => d.serial_number === controller.serialNumber)!;
    const before = controller.pushUrl;
    const res = await call(admin, 'POST', `/access/devices/${device.id}/event-target`);
    expect(res.statusCode).toBe(200);
    expect(res.json().device.push_error).toBeNull();
    expect(controller.pushUrl).not.toBe(before);
    const old = before.split('/').pop()!;
    const e = cardEvent(controller.serialNumber, new Date());
    expect((await push(t.url, old, jsonEvent(e), 'application/json')).status).toBe(401);
    expect((await controller.emit({ major: 5, minor: 1, cardNo: '0098', readerNo: 1 })).delivered).toBe(true);
    expect((await call(staff, 'POST', `/access/devices/${device.id}/event-target`)).statusCode).toBe(403);
  });

  it('adds a device that refuses its event target, saying why, so it can be set by hand', async () => {
    const res = await call(
      admin,
      'POST',
      '/access/devices',
      newDevice({ address: stubborn, type: 'counter', name: 'Front counter' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().device).toMatchObject({
      device_id: 'STUBBORN-1',
      type: 'counter',
      access_point_id: null,
      push_configured_at: null,
      push_error: 'The device refused the event target (HTTP 403)',
    });
    expect(res.json().pushUrl).toMatch(/\/api\/devices\/isapi\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a serial number already registered, and a code already taken, with 409', async () => {
    const again = await call(admin, 'POST', '/access/devices', newDevice({ name: 'Again' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `The device with serial number ${controller.serialNumber} is already registered as ${controller.serialNumber} (Loading Bay)`,
    );
    const code = await call(admin, 'POST', '/access/devices', newDevice({ device_id: main.code }));
    expect(code.statusCode).toBe(409);
    expect(code.json().error.details[0].field).toBe('device_id');
  });
});

describe('removing a device', () => {
  it('keeps its history, refuses its pushes, stops listing it, and lets it come back as itself', async () => {
    const listed = (await call(admin, 'GET', '/access/devices')).json().devices as {
      id: number;
      serial_number: string | null;
    }[];
    const device = listed.find((d) => d.serial_number === controller.serialNumber);
    if (!device) throw new Error(`not listed: ${JSON.stringify(listed)}`);
    const history = await eventsOf(database.db, device.id);
    expect(history.length).toBeGreaterThan(0);
    const res = await call(admin, 'DELETE', `/access/devices/${device.id}`);
    expect(res.statusCode).toBe(200);
    expect(
      (await call(admin, 'GET', '/access/devices')).json().devices.map((d: { id: number }) => d.id),
    ).not.toContain(device.id);
    expect(await eventsOf(database.db, device.id)).toHaveLength(history.length);
    expect((await call(admin, 'DELETE', `/access/devices/${device.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/access/devices/${device.id}/door/open`)).statusCode).toBe(404);
    const audit = await database.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'device.removed')
      .where('target_id', '=', String(device.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(adminId);
    // Added again: the same row, its history with it, and a new push URL.
    const back = await call(admin, 'POST', '/access/devices', newDevice({ name: 'Loading Bay again' }));
    expect(back.statusCode).toBe(201);
    expect(back.json().device.id).toBe(device.id);
    expect(await eventsOf(database.db, device.id)).toHaveLength(history.length);
  });
});
