import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { OrgClock } from '../src/core/clock';
import { EventBus } from '../src/core/events/bus';
import type { Db } from '../src/db/connection';
import { DeviceCredentials } from '../src/devices/hikvision/credentials';
import { deviceTime, type SimEvent } from '../src/devices/hikvision/simulator/bodies';
import { SimulatorFleet } from '../src/devices/hikvision/simulator/fleet';
import { createTestDatabase, type TestDatabase, testConfig, testCredentialsKey } from './context';
import { makeAccessArea, makeAccessLevel, makeAccessPoint, makeDevice } from './factories';

/** An app listening on a real port (devices push over HTTP), with a simulator fleet beside it. */
export interface AccessTestApp {
  app: FastifyInstance;
  bus: EventBus;
  url: string;
  fleet: SimulatorFleet;
  picturesDir: string;
  close(): Promise<void>;
}

async function startAccessTestApp(database: TestDatabase): Promise<AccessTestApp> {
  const bus = new EventBus(database.db, database.url);
  await bus.start();
  const fleet = new SimulatorFleet();
  const picturesDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-pictures-'));
  // Door events on a connection of their own, as the server writes them.
  const writer = database.connect(1, { keepIdle: true });
  const app = await buildApp({
    db: database.db,
    reports: database.reports,
    bus,
    config: testConfig,
    clock: new OrgClock(database.db),
    access: { picturesDir, simulator: fleet, writer, credentialsKey: testCredentialsKey },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    bus,
    url: `http://127.0.0.1:${port}`,
    fleet,
    picturesDir,
    async close() {
      await fleet.stop();
      await app.close();
      await writer.destroy();
      await bus.stop();
      await rm(picturesDir, { recursive: true, force: true });
    },
  };
}

export interface TestDoor {
  id: number;
  code: string;
  secret: string;
  accessPointId: number;
}

/**
 * A building: Main Entrance (counts for attendance) with a two-reader controller, and a Server
 * Room whose controller records entries only. Device codes carry `tag` so files do not collide.
 */
export async function seedDoors(db: Db, tag = 'T') {
  const area = await makeAccessArea(db, {
    name: `Main Building ${tag}`,
    description: 'Offices and entrance hall',
  });
  const secure = await makeAccessArea(db, { name: `Server Room ${tag}`, description: 'Racks' });
  const main = await makeAccessPoint(db, { name: `Main Entrance ${tag}`, area, countsForAttendance: true });
  const server = await makeAccessPoint(db, { name: `Server Room Door ${tag}`, area: secure });
  // What is granted: a level per area, its doors at all hours.
  const mainLevel = await makeAccessLevel(db, {
    name: area.name,
    description: 'Offices and entrance hall',
    doors: [{ pointId: main.id }],
  });
  const secureLevel = await makeAccessLevel(db, {
    name: secure.name,
    description: 'Racks',
    doors: [{ pointId: server.id }],
  });
  const door = async (
    code: string,
    pointId: number,
    direction: 'entry' | 'exit' | 'both',
  ): Promise<TestDoor> => {
    const device = await makeDevice(db, {
      code,
      model: 'DS-K1T671M',
      location: 'Ground floor',
      accessPoint: { id: pointId },
      direction,
      status: 'online',
      lastSeenAt: new Date(),
      pushes: true,
    });
    return { id: device.id, code, secret: device.secret!, accessPointId: pointId };
  };
  return {
    areas: { main: area.id, secure: secure.id },
    levels: { main: mainLevel.id, secure: secureLevel.id },
    main: await door(`HK-${tag}1`, main.id, 'both'),
    server: await door(`HK-${tag}2`, server.id, 'entry'),
  };
}

export interface AccessSuite {
  database: TestDatabase;
  t: AccessTestApp;
  doors: Awaited<ReturnType<typeof seedDoors>>;
}

/**
 * A test file's own database, app and doors (device codes tagged `tag`), made before its tests and
 * handed to `ready`, and taken down after them. `prepare` runs on the database before the app starts.
 */
export function useAccessSuite(
  tag: string,
  ready: (suite: AccessSuite) => void,
  prepare?: (db: Db) => Promise<void>,
): void {
  let database: TestDatabase | undefined;
  let t: AccessTestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepare?.(database.db);
    t = await startAccessTestApp(database);
    ready({ database, t, doors: await seedDoors(database.db, tag) });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });
}

/** Gives a device an address and digest credentials (stored encrypted, like the admin screen does). */
export async function setCommandEndpoint(
  db: Db,
  deviceId: number,
  address: string,
  username: string,
  password: string,
) {
  const credentials = new DeviceCredentials(testCredentialsKey);
  await db
    .updateTable('devices')
    .set({ address, command_username: username, command_password: credentials.encrypt(password) })
    .where('id', '=', deviceId)
    .execute();
}

export async function badgeOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['employee_number', 'badge_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

let serial = 50_000;
/** A granted-by-card event for `card` at `at`, with a fresh serial number unless one is given. */
export function cardEvent(device: string, at: Date, over: Partial<SimEvent> = {}): SimEvent {
  return {
    deviceId: device,
    ip: '10.1.2.31',
    dateTime: deviceTime(at),
    major: 5,
    minor: 1,
    serialNo: serial++,
    readerNo: 1,
    verifyMode: 'card',
    currentEvent: true,
    ...over,
  };
}

export async function push(url: string, secret: string, body: Buffer | string, contentType: string) {
  const res = await fetch(`${url}/api/devices/isapi/${secret}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

export const eventsOf = (db: Db, deviceRef: number) =>
  db
    .selectFrom('access_events')
    .selectAll()
    .where('device_ref', '=', deviceRef)
    .orderBy('serial_no')
    .execute();
