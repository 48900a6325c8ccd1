/**
 * The morning burst: N people of the large data set check in at once, half in the browser
 * (POST /api/attendance/check-in with their own sessions) and half by badge at a door that counts
 * for attendance (ISAPI pushes, as the access controllers send them), against Atrium running in a
 * process of its own. Prints total time, throughput and p50/p95/p99, beside the same number of
 * trivial authenticated reads (GET /api/attendance/my-status) by the same clients in the same run,
 * then checks that exactly N check-ins were recorded. On a shared machine the CPU Atrium and its
 * database sessions spend per request (from /proc) says more than wall-clock figures. Asserts nothing.
 *
 * Run: npm run bench -- burst [--people 50000] [--burst 5000] [--only web|badge] (generate the data
 * set first). --only sends every check-in of the burst one way, to measure each path alone.
 * Knobs: BURST_CLIENTS (default 32 concurrent clients).
 *
 * The people taken are the first N staff by id. Their records of today are deleted first (the
 * rollups follow by trigger), so the run can be repeated; the burst's own check-ins stay.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { OrgClock } from '../apps/server/src/core/clock';
import { createDb } from '../apps/server/src/db/connection';
import { deviceTime, encode } from '../apps/server/src/devices/hikvision/simulator/bodies';
import { newPushSecret } from '../apps/server/src/modules/access/devices.service';
import { hashSecret } from '../apps/server/src/modules/access/push.service';
import { benchDatabase } from './support/bench-db';
import { signIn } from './support/bench-login';
import { cpuMeter } from './support/cpu';
import { httpClient } from './support/http-client';
import { runLoad } from './support/load';
import { startProcess } from './support/process';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const people = option('people', 50_000);
const CLIENTS = Number(process.env.BURST_CLIENTS ?? 32);
const DEVICES = 8;
const LOGIN_CLIENTS = 4;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
if (only !== undefined && only !== 'web' && only !== 'badge') throw new Error('--only takes web or badge');

const target = benchDatabase(people);
const db = createDb(target.url);
const root = path.resolve(import.meta.dirname, '..');

const burst = Math.min(option('burst', 5000), people - 1);
const { date: today } = await new OrgClock(db).today();
const chosen = await db
  .selectFrom('users')
  .select(['id', 'email', 'badge_number'])
  .where('role', '=', 'staff')
  .where('active', '=', true)
  .orderBy('id')
  .limit(burst)
  .execute();
if (chosen.length < burst) throw new Error(`only ${chosen.length} active staff in ${target.name}`);
const ids = chosen.map((u) => u.id);
const cleared = await db
  .deleteFrom('attendance_records')
  .where('date', '=', today)
  .where('user_id', 'in', ids)
  .executeTakeFirst();

// Entry readers at the doors that count for attendance, with push secrets of this run.
const doors = await db
  .selectFrom('access_points')
  .select('id')
  .where('counts_for_attendance', '=', true)
  .orderBy('id')
  .limit(DEVICES)
  .execute();
if (doors.length === 0) throw new Error(`${target.name} has no door that counts for attendance`);
const devices: { code: string; secret: string }[] = [];
for (let i = 0; i < DEVICES; i += 1) {
  const code = `BURST-${i + 1}`;
  const secret = newPushSecret();
  const values = {
    device_id: code,
    name: `Burst reader ${i + 1}`,
    access_point_id: doors[i % doors.length]!.id,
    direction: 'entry' as const,
    status: 'online' as const,
    push_secret_hash: hashSecret(secret),
  };
  await db
    .insertInto('devices')
    .values(values)
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ push_secret_hash: values.push_secret_hash }))
    .execute();
  devices.push({ code, secret });
}

const atrium = await startProcess('Atrium', ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  DATABASE_URL: target.url,
  DEMO: '0',
  LOG_LEVEL: 'warn',
  SIMULATE_CAMERAS: '0',
});
const client = httpClient(CLIENTS);

function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99) };
}
const fmt = (r: { p50: number; p95: number; p99: number }) =>
  `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;

try {
  // Even positions check in on the web, odd ones badge: the two kinds interleave in the burst.
  const kindOf = (n: number) => only ?? (n % 2 === 0 ? 'web' : 'badge');
  const web = chosen.filter((_, n) => kindOf(n) === 'web');
  const badge = chosen.filter((_, n) => kindOf(n) === 'badge');
  /** Each position's place among the check-ins of its kind. */
  const seen = { web: 0, badge: 0 };
  const rank = chosen.map((_, n) => seen[kindOf(n)]++);
  // The web half signs in; a badge-only burst signs in some people for the baseline's reads.
  const readers = web.length ? web : badge.slice(0, 500);
  const t0 = performance.now();
  const tokens = new Map<number, string>();
  await runLoad(readers.length, LOGIN_CLIENTS, async (i) => {
    tokens.set(i, await signIn(atrium.base, readers[i]!.email));
  });
  console.info(
    `${target.name}: ${readers.length} people signed in (${((performance.now() - t0) / 1000).toFixed(0)} s, not timed); ${cleared.numDeletedRows} records of ${today} cleared; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );

  const authorized = (i: number) => ({ authorization: `Bearer ${tokens.get(i % readers.length)}` });
  // Warm up: connections, plans and every signed-in session into the cache (the baseline measures
  // reads of cached sessions, as the check-ins that follow within the cache's 30 s mostly are).
  await runLoad(readers.length, CLIENTS, async (i) => {
    await client.request(`${atrium.base}/api/attendance/my-status`, { headers: authorized(i) });
  });
  const cpu = await cpuMeter(atrium.child.pid!, target.url, target.name);
  const readsCpu = await cpu.start();
  let clients = process.cpuUsage();
  const reads = await runLoad(burst, CLIENTS, async (i) => {
    const res = await client.request(`${atrium.base}/api/attendance/my-status`, { headers: authorized(i) });
    if (res.status !== 200) throw new Error(`my-status answered ${res.status}`);
  });
  const readsUsed = { ...(await readsCpu()), clients: process.cpuUsage(clients) };

  const serialBase = Date.now() % 1_000_000_000;
  let failed = 0;
  const byKind = { web: [] as number[], badge: [] as number[] };
  const checkInsCpu = await cpu.start();
  clients = process.cpuUsage();
  const checkIns = await runLoad(burst, CLIENTS, async (n) => {
    const i = rank[n]!;
    const kind = kindOf(n);
    const started = performance.now();
    let res: { status: number };
    if (kind === 'web') {
      res = await client.request(`${atrium.base}/api/attendance/check-in`, {
        method: 'POST',
        headers: authorized(i),
      });
    } else {
      const person = badge[i]!;
      const device = devices[n % DEVICES]!;
      const event = {
        deviceId: device.code,
        ip: '10.9.0.1',
        dateTime: deviceTime(new Date()),
        major: 5,
        minor: 1,
        serialNo: serialBase + n,
        cardNo: person.badge_number,
        readerNo: 1,
        verifyMode: 'card',
        currentEvent: true,
      };
      const { body, contentType } = encode(event, 'json');
      res = await client.request(`${atrium.base}/api/devices/isapi/${device.secret}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
    }
    if (res.status !== 200) failed += 1;
    byKind[kind].push(performance.now() - started);
  });
  const checkInsUsed = { ...(await checkInsCpu()), clients: process.cpuUsage(clients) };
  await cpu.close();

  const recorded = await db
    .selectFrom('attendance_records')
    .select(['source', sql<number>`count(*)::int`.as('n')])
    .where('date', '=', today)
    .where('user_id', 'in', ids)
    .groupBy('source')
    .execute();
  const total = recorded.reduce((sum, r) => sum + r.n, 0);

  console.info(`burst: ${burst} check-ins (${web.length} web, ${badge.length} badge), ${CLIENTS} clients`);
  console.info(
    `  check-ins: ${checkIns.seconds.toFixed(2)} s, ${(burst / checkIns.seconds).toFixed(0)} /s, ${fmt(checkIns)}, ${failed} failed`,
  );
  for (const [kind, latencies] of Object.entries(byKind))
    if (latencies.length) console.info(`    ${kind}: ${fmt(percentiles(latencies))}`);
  console.info(
    `  baseline, ${burst} GET /api/attendance/my-status: ${reads.seconds.toFixed(2)} s, ${(burst / reads.seconds).toFixed(0)} /s, ${fmt(reads)}`,
  );
  // The clients' own CPU too: on 2 cores, clients that cost as much as the server starve it.
  const perRequest = (used: { server: number; db: number; clients: NodeJS.CpuUsage }) =>
    `CPU per request: Atrium ${(used.server / burst).toFixed(2)} ms, PostgreSQL ${(used.db / burst).toFixed(2)} ms, clients ${((used.clients.user + used.clients.system) / 1000 / burst).toFixed(2)} ms`;
  console.info(`  check-ins ${perRequest(checkInsUsed)}; baseline ${perRequest(readsUsed)}`);
  console.info(
    `  recorded for ${today}: ${total} (${recorded.map((r) => `${r.source} ${r.n}`).join(', ')}); expected exactly ${burst}`,
  );
  console.info(
    `  target: ${burst} in < 5 s with p99 < 50 ms: ${checkIns.seconds < 5 && checkIns.p99 < 50 && total === burst ? 'met' : 'missed'}`,
  );
} finally {
  client.close();
  await atrium.stop();
  await db.destroy();
}
