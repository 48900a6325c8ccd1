/**
 * Writing people to a door controller (issue 32): 5,000 people with a grant at one door synced to
 * a simulated controller (goal: under 60 s, progress shown), then one revoked grant reaching the
 * controller (goal: under 5 s), announced on the event log as the server announces it. Baseline
 * from the same run: the same person and card requests sent straight to the simulator, with no
 * database, diff or bookkeeping (what the device itself costs).
 * Run: npm run bench -- device-sync [--people 5000]   (BENCH_DATABASE_URL, default local 5432)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Actor } from '../apps/server/src/core/actor';
import { OrgClock } from '../apps/server/src/core/clock';
import { EventBus } from '../apps/server/src/core/events/bus';
import { createDb, withDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { DeviceCredentials } from '../apps/server/src/devices/hikvision/credentials';
import { setUpPerson } from '../apps/server/src/devices/hikvision/people';
import { SimulatedController } from '../apps/server/src/devices/hikvision/simulator/controller';
import { AccessLevelsService } from '../apps/server/src/modules/access/access-levels.service';
import { DeviceSync } from '../apps/server/src/modules/access/device-sync/device-sync';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PEOPLE = arg('people', 5000);
const CHANGES = 5;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `atrium_device_sync_bench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = withDatabase(serverUrl, name);
const db = createDb(url, 10);
const key = randomBytes(32);
const controllers: SimulatedController[] = [];
const start = async (deviceId: string) => {
  const c = new SimulatedController({
    deviceId,
    pushUrl: 'http://127.0.0.1:9/none',
    username: 'admin',
    password: 'Bench#1',
  });
  await c.start();
  controllers.push(c);
  return c;
};
const seconds = (ms: number) => (ms / 1000).toFixed(1);

try {
  await migrate(db);
  const dept = await db
    .insertInto('departments')
    .values({ name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO users (employee_number, badge_number, first_name, last_name, email, role, department_id)
    SELECT 'B' || lpad(i::text, 6, '0'), 'C' || lpad(i::text, 8, '0'), 'Person', 'Number ' || i,
           'b' || i || '@bench.test', 'staff', ${dept.id}
    FROM generate_series(1, ${PEOPLE}) i`.execute(db);
  const area = await db
    .insertInto('access_areas')
    .values({ name: 'Bench area' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const point = await db
    .insertInto('access_points')
    .values({ name: 'Bench door', area_id: area.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Baseline: the same requests straight to a controller of its own.
  const bare = await start('BARE');
  const endpoint = { address: bare.address!, username: 'admin', password: 'Bench#1' };
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < PEOPLE) {
        const i = ++next;
        await setUpPerson(endpoint, {
          employeeNo: `B${String(i).padStart(6, '0')}`,
          name: `Person Number ${i}`,
          validFrom: null,
          validUntil: null,
          plans: [1],
          cardNo: `C${String(i).padStart(8, '0')}`,
        });
      }
    }),
  );
  const bareMs = performance.now() - t0;

  const controller = await start('SYNC');
  const credentials = new DeviceCredentials(key);
  await db
    .insertInto('devices')
    .values({
      device_id: 'SYNC',
      name: 'Bench controller',
      access_point_id: point.id,
      status: 'online',
      address: controller.address!,
      command_username: 'admin',
      command_password: credentials.encrypt('Bench#1'),
    })
    .execute();
  const adminUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', adminUser.id).execute();
  const actor: Actor = { userId: adminUser.id, role: 'admin', sessionId: 'bench', ip: '127.0.0.1' };
  const bus = new EventBus(db, url);
  await bus.start();
  const clock = new OrgClock(db);
  const levels = new AccessLevelsService(db, bus, clock);
  const level = await levels.createLevel(actor, {
    name: 'Bench level',
    doors: [{ access_point_id: point.id, days: [1, 2, 3, 4, 5], starts: '06:00', ends: '20:00' }],
  });
  await levels.createGrant(actor, { level_id: level.id, department_id: dept.id });

  const sync = new DeviceSync(
    db,
    clock,
    credentials,
    (e) => console.info(`device sync failed: ${String(e)}`),
    { sweepMs: 3_600_000 },
  );
  const progress = setInterval(async () => {
    const d = await db
      .selectFrom('devices')
      .select(['sync_pending', 'sync_total'])
      .where('device_id', '=', 'SYNC')
      .executeTakeFirst();
    if (d && d.sync_total > 0)
      console.info(`  progress: ${d.sync_total - d.sync_pending} of ${d.sync_total} written`);
  }, 5000);
  const t1 = performance.now();
  await sync.run();
  const syncMs = performance.now() - t1;
  clearInterval(progress);
  const state = await db
    .selectFrom('devices')
    .select(['sync_pending', 'sync_error'])
    .where('device_id', '=', 'SYNC')
    .executeTakeFirstOrThrow();
  if (controller.people.userCount !== PEOPLE || state.sync_pending !== 0)
    throw new Error(
      `sync incomplete: ${controller.people.userCount} people on the device, ${state.sync_pending} pending, ${state.sync_error}`,
    );

  // A revoke, announced on the log, until the controller no longer holds the person.
  const stop = sync.start(bus);
  const latencies: number[] = [];
  const person = await db
    .selectFrom('users')
    .select(['id', 'employee_number'])
    .where('id', '<>', adminUser.id)
    .limit(1)
    .executeTakeFirstOrThrow();
  const solo = await levels.createLevel(actor, {
    name: 'Solo',
    doors: [{ access_point_id: point.id, days: [6], starts: '10:00', ends: '12:00' }],
  });
  for (let i = 0; i < CHANGES; i++) {
    const grant = await levels.createGrant(actor, { level_id: solo.id, user_id: person.id });
    const tGrant = performance.now();
    while (controller.people.user(person.employee_number)?.rightPlans.get(1)?.length !== 2) {
      if (performance.now() - tGrant > 30_000) throw new Error('the grant did not arrive within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - tGrant);
    await levels.deleteGrant(actor, grant.id);
    const tRevoke = performance.now();
    while (controller.people.user(person.employee_number)?.rightPlans.get(1)?.length !== 1) {
      if (performance.now() - tRevoke > 30_000) throw new Error('the revoke did not arrive within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - tRevoke);
  }
  await stop();
  await bus.stop();
  latencies.sort((a, b) => a - b);

  console.info(`\nDevice sync, ${PEOPLE} people to one simulated controller (in this process)`);
  console.info(`  baseline, the same ${PEOPLE} person+card requests sent directly: ${seconds(bareMs)} s`);
  console.info(
    `  full sync through Atrium (diff, writes, bookkeeping): ${seconds(syncMs)} s (${(syncMs / bareMs).toFixed(2)}x the baseline; goal < 60 s)`,
  );
  console.info(
    `  a grant or revoke reaching the controller (${latencies.length} changes): median ${latencies[latencies.length >> 1]!.toFixed(0)} ms, worst ${latencies[latencies.length - 1]!.toFixed(0)} ms (goal < 5000 ms)`,
  );
} finally {
  for (const c of controllers) await c.stop();
  await db.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
