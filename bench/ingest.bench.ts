/**
 * Door event ingestion: simulated controllers push ISAPI events over HTTP to Atrium running in a
 * process of its own, every event three times and out of order, as devices do when they resend and
 * replay. Prints events/s committed and push latency, and in the same run the raw rate of
 * single-row `INSERT ... ON CONFLICT DO NOTHING` into the same table from the same number of
 * clients in this process, fed the same three-copies-shuffled workload; then checks that every
 * event is stored exactly once. Asserts nothing. Run: npm run bench -- ingest
 *
 * Two raw figures, because "the raw rate" can be read two ways for a workload of 3 sends per event:
 * - statements/s: single-row statements executed (3 per event; 2 of the 3 find a conflict);
 * - unique rows/s: distinct events made durable per second by those same statements.
 * Atrium's events/s committed counts distinct events made durable per second from the same 3 sends
 * each, so it compares like for like with unique rows/s; both ratios are printed.
 *
 * Knobs: BENCH_DATABASE_URL (default: embedded PostgreSQL), INGEST_EVENTS (default 6000),
 * INGEST_CLIENTS (default 32), INGEST_DEVICES (default 16), INGEST_CPU_PROF=<dir> (Atrium runs
 * with --cpu-prof, the profile lands in that directory when it stops).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/open';
import { seedDemo } from '../apps/server/src/demo';
import {
  deviceTime,
  encode,
  jsonEvent,
  type PushFormat,
} from '../apps/server/src/devices/hikvision/simulator/bodies';
import { newPushSecret } from '../apps/server/src/modules/access/devices.service';
import { hashSecret } from '../apps/server/src/modules/access/push.service';
import { cpuMeter } from './support/cpu';
import { runLoad } from './support/load';
import { startProcess } from './support/process';

const EVENTS = Number(process.env.INGEST_EVENTS ?? 6000);
const CLIENTS = Number(process.env.INGEST_CLIENTS ?? 32);
const DEVICES = Number(process.env.INGEST_DEVICES ?? 16);
const PROFILE = process.env.INGEST_CPU_PROF;
const COPIES = 3;
/** Serials of the raw baseline's rows start here, clear of the pushed events'. */
const RAW_SERIALS = 50_000_000;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
const db = database.db;
await seedDemo(db);

// A door that does not count for attendance, its controllers, and the demo people's cards.
const tag = Date.now().toString(36);
const area = await db
  .insertInto('access_areas')
  .values({ name: `Bench area ${tag}` })
  .returning('id')
  .executeTakeFirstOrThrow();
const point = await db
  .insertInto('access_points')
  .values({ name: `Bench door ${tag}`, area_id: area.id })
  .returning('id')
  .executeTakeFirstOrThrow();
const devices: { id: number; code: string; secret: string }[] = [];
for (let i = 0; i < DEVICES; i += 1) {
  const secret = newPushSecret();
  const code = `BENCH-${tag}-${i}`;
  const row = await db
    .insertInto('devices')
    .values({
      device_id: code,
      name: code,
      access_point_id: point.id,
      direction: 'both',
      status: 'online',
      push_secret_hash: hashSecret(secret),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  devices.push({ id: row.id, code, secret });
}
const cards = (await db.selectFrom('users').select('badge_number').execute()).map((u) => u.badge_number);

// Every event three times (JSON, XML, multipart in turn), shuffled. Warm-up events are others.
const start = Date.now() - 3600_000;
const formats: PushFormat[] = ['json', 'xml', 'multipart'];
const FIRST_SERIAL = 1_000_000;
const WARM_SERIAL = 2_000_000;
type Event = Parameters<typeof encode>[0] & { serialNo: number };
type Send = { device: (typeof devices)[number]; event: Event; body: Buffer; contentType: string };
function eventOf(n: number, firstSerial: number): Event {
  const device = devices[n % DEVICES]!;
  return {
    deviceId: device.code,
    ip: '10.9.0.1',
    dateTime: deviceTime(new Date(start + n * 500)),
    major: 5,
    minor: n % 25 === 0 ? 9 : 1,
    serialNo: firstSerial + Math.floor(n / DEVICES),
    cardNo: n % 10 === 0 ? `00${9_100_000 + n}` : (cards[n % cards.length] ?? undefined),
    readerNo: 1 + (n % 2),
    verifyMode: 'card',
    currentEvent: n % 7 !== 0,
  };
}
function workload(events: number, firstSerial: number): Send[] {
  const sends: Send[] = [];
  for (let n = 0; n < events; n += 1) {
    const event = eventOf(n, firstSerial);
    for (let c = 0; c < COPIES; c += 1) {
      const { body, contentType } = encode(event, formats[(n + c) % 3]!);
      sends.push({
        device: devices[n % DEVICES]!,
        event,
        body: typeof body === 'string' ? Buffer.from(body) : body,
        contentType,
      });
    }
  }
  for (let i = sends.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [sends[i], sends[j]] = [sends[j]!, sends[i]!];
  }
  return sends;
}
const sends = workload(EVENTS, FIRST_SERIAL);
const warmSends = workload(Math.min(300, EVENTS), WARM_SERIAL);

// Atrium in a process of its own, on the same database; the clients below stay in this process.
const atrium = await startProcess(
  'Atrium',
  [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : []),
    '--import',
    'tsx',
    path.resolve(import.meta.dirname, '../apps/server/src/main.ts'),
  ],
  {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(dataDir, 'atrium'),
    DEMO: '0',
    SIMULATE_DEVICES: '0',
    SIMULATE_CAMERAS: '0',
    LOG_LEVEL: 'warn',
  },
);
const base = atrium.base;
// Plain HTTP/1.1 keep-alive connections, one per client, as controllers hold them: node:http costs
// the bench's clients a fraction of what fetch does, and they share the 2 cores with Atrium.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const request = (method: string, url: string, body?: Buffer, contentType?: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { 'content-type': contentType, 'content-length': body.length } : {},
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
const push = (s: Send) =>
  request('POST', `${base}/api/devices/isapi/${s.device.secret}`, s.body, s.contentType);
const databaseName = new URL(database.url).pathname.slice(1);
const cpu = await cpuMeter(atrium.child.pid!, database.url, databaseName);
const bench = async () => {
  const t = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(t);
    return (used.user + used.system) / 1000;
  };
};

let failed = 0;
let pushes: Awaited<ReturnType<typeof runLoad>>;
let health: Awaited<ReturnType<typeof runLoad>>;
let pushCpu: { server: number; db: number; clients: number };
try {
  // Warm up: connections, caches, the month's partition.
  await runLoad(warmSends.length, CLIENTS, async (i) => {
    await push(warmSends[i]!);
  });
  // Reference: the cheapest route that reaches the database, same clients.
  health = await runLoad(Math.max(1000, EVENTS), CLIENTS, async () => {
    await request('GET', `${base}/api/health`);
  });
  const stopCpu = await cpu.start();
  const stopClients = await bench();
  pushes = await runLoad(sends.length, CLIENTS, async (i) => {
    if ((await push(sends[i]!)) !== 200) failed += 1;
  });
  pushCpu = { ...(await stopCpu()), clients: stopClients() };
} finally {
  agent.destroy();
  await atrium.stop();
}

// Baseline: the same workload (every event 3 times, the same shuffled order) as single-row
// statements, one transaction each, from as many clients; its rows get serials of their own.
const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS });
await pool.query('SELECT 1');
let rawInserted = 0;
const stopRawCpu = await cpu.start();
const stopRawClients = await bench();
const raw = await runLoad(sends.length, CLIENTS, async (i) => {
  const { device, event } = sends[i]!;
  const result = await pool.query(
    `INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, major, minor, kind, action,
       access_point_id, card_no, verify_mode, reader_no, door_no, backlog, raw)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, 'card', $11, 1, $12, $13::jsonb)
     ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING`,
    [
      device.id,
      device.code,
      RAW_SERIALS + event.serialNo,
      new Date(event.dateTime),
      event.major,
      event.minor,
      event.minor === 1 ? 'granted' : 'denied',
      event.minor === 1 ? (event.readerNo! % 2 === 0 ? 'exit' : 'entry') : null,
      point.id,
      event.cardNo ?? null,
      event.readerNo,
      !event.currentEvent,
      jsonEvent(event),
    ],
  );
  rawInserted += result.rowCount ?? 0;
});
const rawCpu = { ...(await stopRawCpu()), clients: stopRawClients() };
await pool.end();
await cpu.close();

const stored = await sql<{ n: number; distinct_n: number }>`
  SELECT count(*)::int AS n, count(DISTINCT (device_ref, serial_no))::int AS distinct_n
  FROM access_events WHERE device_ref = ANY(${devices.map((d) => d.id)}::int[])
    AND serial_no >= ${FIRST_SERIAL} AND serial_no < ${WARM_SERIAL}`.execute(db);
const { n, distinct_n } = stored.rows[0]!;

const rate = EVENTS / pushes.seconds;
const statementRate = sends.length / raw.seconds;
const rawRowRate = rawInserted / raw.seconds;
const perEvent = (ms: number) => (ms / EVENTS).toFixed(2);
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.info(
  `ingest: ${EVENTS} events x ${COPIES} copies shuffled = ${sends.length} sends, ${CLIENTS} clients, ${DEVICES} devices; Atrium in its own process; load average ${load}`,
);
console.info(
  `  Atrium, pushes over HTTP: ${(sends.length / pushes.seconds).toFixed(0)} pushes/s = ${rate.toFixed(0)} events/s committed, p50 ${pushes.p50.toFixed(1)} ms, p99 ${pushes.p99.toFixed(1)} ms, ${failed} failed`,
);
console.info(
  `    CPU per event: Atrium ${perEvent(pushCpu.server)} ms, PostgreSQL ${perEvent(pushCpu.db)} ms, bench clients ${perEvent(pushCpu.clients)} ms`,
);
console.info(
  `  raw, the same ${sends.length} sends as single-row INSERT ... ON CONFLICT DO NOTHING, ${CLIENTS} clients: ${statementRate.toFixed(0)} statements/s = ${rawRowRate.toFixed(0)} unique rows/s (${rawInserted} rows), p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`,
);
console.info(
  `    CPU per event: PostgreSQL ${perEvent(rawCpu.db)} ms, bench clients ${perEvent(rawCpu.clients)} ms`,
);
console.info(
  `  reference GET /api/health (one trivial query), ${CLIENTS} clients: ${(Math.max(1000, EVENTS) / health.seconds).toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms`,
);
console.info(
  `  ratio, like for like: events/s committed : raw unique rows/s = ${(rate / rawRowRate).toFixed(2)} (target >= 0.5)`,
);
console.info(
  `  ratio, strict:        events/s committed : raw statements/s  = ${(rate / statementRate).toFixed(2)} (pushes/s : statements/s = ${(sends.length / pushes.seconds / statementRate).toFixed(2)})`,
);
console.info(`  p99 ${pushes.p99.toFixed(1)} ms (target < 20 ms)`);
console.info(
  `  stored ${n} rows for ${EVENTS} events: ${EVENTS - distinct_n} lost, ${n - distinct_n} duplicated`,
);

await database.close();
await rm(dataDir, { recursive: true, force: true });
