/**
 * Door event ingestion: simulated controllers push ISAPI events over HTTP to Atrium running in a
 * process of its own (demo data, its default log level), every event three times and out of
 * order, as devices do when they resend and replay. Prints events/s committed and push latency,
 * and in the same run the raw rate of single-row `INSERT ... ON CONFLICT DO NOTHING` into the same
 * table from the same number of clients in this process, fed the same three-copies-shuffled
 * workload; then checks that every event is stored exactly once. Asserts nothing.
 * Run: npm run bench -- ingest
 *
 * Two raw figures, because "the raw rate" can be read two ways for a workload of 3 sends per event:
 * - statements/s: single-row statements executed (3 per event; 2 of the 3 find a conflict);
 * - unique rows/s: distinct events made durable per second by those same statements.
 * Atrium's events/s committed counts distinct events made durable per second from the same 3 sends
 * each, so it compares like for like with unique rows/s; both ratios are printed.
 *
 * The machine is shared, so both sides take turns on slices of the workload, and the CPU Atrium,
 * PostgreSQL and the bench's clients spend per event (from /proc) is printed beside the rates; so
 * are GET /api/health and a bare Fastify with the same clients, whose p99 shows what latency the
 * machine allows at the time.
 *
 * Latency is measured twice. First with 32 clients pushing as fast as they can: that is how the
 * rates above are found, but on a saturated machine its latency is mostly the clients' own queue
 * (Little's law: 32 in flight over the rate). Then, with more events, at the rate the target sets
 * (half the raw unique-row rate measured above), as an open loop with Poisson arrivals and latency
 * counted from when each send was due; the raw baseline and bare Fastify reading the same bodies
 * (what the machine allows at that rate) run at the same rate beside it.
 *
 * The clients write each push as bytes prepared beforehand over kept-alive connections
 * (support/raw-http.ts): they share the 2 cores with what they measure. Before each measured slice
 * this process collects its own garbage (support/gc.ts), so its full collections fall between
 * measurements rather than in one, charged to whichever side was running.
 *
 * The database is a new cluster, so before measuring it is given WAL files to reuse, as a server
 * in service has (support/wal.ts): otherwise a commit every 16 MB waits while PostgreSQL makes one.
 *
 * Knobs: BENCH_DATABASE_URL (default: embedded PostgreSQL), INGEST_EVENTS (default 12000),
 * INGEST_CLIENTS (default 32), INGEST_DEVICES (default 16), INGEST_PACED_SECONDS (default 20: how
 * long each side runs at the target rate, in 4 slices), INGEST_CPU_PROF=<dir> (Atrium runs with
 * --cpu-prof, the profile lands in that directory when it stops).
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
import { collectBeforeMeasuring } from './support/gc';
import { runAtRate, runLoad } from './support/load';
import { startProcess } from './support/process';
import { RawHttpPool, rawRequest } from './support/raw-http';
import { recycleWal } from './support/wal';

const EVENTS = Number(process.env.INGEST_EVENTS ?? 12000);
const CLIENTS = Number(process.env.INGEST_CLIENTS ?? 32);
const DEVICES = Number(process.env.INGEST_DEVICES ?? 16);
const PROFILE = process.env.INGEST_CPU_PROF;
const PACED_SECONDS = Number(process.env.INGEST_PACED_SECONDS ?? 20);
const COPIES = 3;
const REFERENCE = Math.max(1000, EVENTS);
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
// Device times a tenth of a second apart from an hour ago: even a long run stays in the past.
const start = Date.now() - 3600_000;
const formats: PushFormat[] = ['json', 'xml', 'multipart'];
const FIRST_SERIAL = 1_000_000;
const WARM_SERIAL = 2_000_000;
const PACED_SERIAL = 3_000_000;
type Event = Parameters<typeof encode>[0] & { serialNo: number };
type Send = { device: (typeof devices)[number]; event: Event; body: Buffer; contentType: string };
function eventOf(n: number, firstSerial: number): Event {
  const device = devices[n % DEVICES]!;
  return {
    deviceId: device.code,
    ip: '10.9.0.1',
    dateTime: deviceTime(new Date(start + n * 100)),
    major: 5,
    minor: n % 25 === 0 ? 9 : 1,
    serialNo: firstSerial + Math.floor(n / DEVICES),
    cardNo: n % 10 === 0 ? `00${9_100_000 + n}` : (cards[n % cards.length] ?? undefined),
    readerNo: 1 + (n % 2),
    verifyMode: 'card',
    currentEvent: n % 7 !== 0,
  };
}
/**
 * Every event's copies, shuffled within windows of `window` consecutive events: the whole set by
 * default; a small window keeps the rate of new events steady, as when devices resend within
 * seconds, while copies still arrive out of order.
 */
function workload(events: number, firstSerial: number, window = events): Send[] {
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
  for (let start = 0; start < sends.length; start += window * COPIES) {
    const end = Math.min(sends.length, start + window * COPIES);
    for (let i = end - 1; i > start; i -= 1) {
      const j = start + Math.floor(Math.random() * (i - start + 1));
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
  }
  return sends;
}
const sends = workload(EVENTS, FIRST_SERIAL);
const warmSends = workload(Math.min(300, EVENTS), WARM_SERIAL);

// About 2 KB of WAL an event, on both sides: by default some 300 MB on a fast day (20 s at the
// target rate is then 25,000 events), in files ready for reuse.
await recycleWal(db, 24);

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
  },
);
const base = atrium.base;
// Kept-alive connections, one per client as a controller holds one, each push written as bytes
// prepared beforehand: the clients share the 2 cores with Atrium and PostgreSQL, and node:http
// cost them 3x as much CPU a push (0.2 against 0.07 ms), taken from what they measure.
const connections = new RawHttpPool(Number(new URL(base).port), CLIENTS);
const wire = new Map<Send, Buffer>();
for (const s of [...warmSends, ...sends])
  wire.set(s, rawRequest('POST', `/api/devices/isapi/${s.device.secret}`, s.body, s.contentType));
const push = (s: Send) => connections.send(wire.get(s)!);
const databaseName = new URL(database.url).pathname.slice(1);
const cpu = await cpuMeter(atrium.child.pid!, database.url, databaseName);
const bench = async () => {
  const t = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(t);
    return (used.user + used.system) / 1000;
  };
};

/** The raw baseline's statement for a send: the same row Atrium stores, with a serial of its own. */
const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS });
async function insertRaw({ device, event }: Send): Promise<number> {
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
  return result.rowCount ?? 0;
}

// Atrium and the raw baseline take turns on the same slices of the workload, so neither gets the
// quieter minutes of a machine other work shares.
const SLICES = 4;
const side = () => ({ seconds: 0, latencies: [] as number[], server: 0, db: 0, clients: 0 });
const atriumSide = side();
const rawSide = side();
async function measure(into: ReturnType<typeof side>, slice: Send[], task: (s: Send) => Promise<void>) {
  collectBeforeMeasuring();
  const stopCpu = await cpu.start();
  const stopClients = await bench();
  const run = await runLoad(slice.length, CLIENTS, (i) => task(slice[i]!));
  const used = await stopCpu();
  into.clients += stopClients();
  into.server += used.server;
  into.db += used.db;
  into.seconds += run.seconds;
  into.latencies.push(...run.latencies);
}
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

let failed = 0;
let rawInserted = 0;
const TARGET_RATIO = 0.5;
const PACED_SLICES = 4;
let pacedRate = 0;
let pacedFailed = 0;
const pacedAtrium: number[] = [];
const pacedCpu = { server: 0, db: 0, clients: 0 };
const pacedRaw: number[] = [];
let health: Awaited<ReturnType<typeof runLoad>>;
let bareServer: Awaited<ReturnType<typeof startProcess>> | undefined;
let bareConnections: RawHttpPool | undefined;
const pacedBare: number[] = [];
let pacedEvents = 0;
const pacedSlicesP99: string[] = [];
let bare: Awaited<ReturnType<typeof runLoad>>;
try {
  // Warm up: connections, caches, the month's partition, on both sides.
  await runLoad(warmSends.length, CLIENTS, async (i) => {
    await push(warmSends[i]!);
  });
  await runLoad(warmSends.length, CLIENTS, async (i) => {
    await insertRaw(warmSends[i]!);
  });
  // Reference: the cheapest route that reaches the database, same clients.
  const healthRequest = rawRequest('GET', '/api/health');
  health = await runLoad(REFERENCE, CLIENTS, async () => {
    await connections.send(healthRequest);
  });
  // And the floor: Fastify answering {ok: true} with nothing else, in a process of its own.
  bareServer = await startProcess(
    'bare Fastify',
    ['--import', 'tsx', path.join(import.meta.dirname, 'support/bare-server.ts')],
    {},
  );
  bareConnections = new RawHttpPool(Number(new URL(bareServer.base).port), CLIENTS);
  const bareRequest = rawRequest('GET', '/');
  bare = await runLoad(REFERENCE, CLIENTS, async () => {
    await bareConnections!.send(bareRequest);
  });
  for (let k = 0; k < SLICES; k += 1) {
    const slice = sends.slice(
      Math.floor((k * sends.length) / SLICES),
      Math.floor(((k + 1) * sends.length) / SLICES),
    );
    await measure(atriumSide, slice, async (s) => {
      if ((await push(s)) !== 200) failed += 1;
    });
    await measure(rawSide, slice, async (s) => {
      const inserted = await insertRaw(s);
      rawInserted += inserted;
    });
  }
  // Then both sides again, now at the rate the target sets (half the raw rate just measured) rather
  // than as fast as 32 clients can go: the latency a door waits at that rate.
  pacedRate = (TARGET_RATIO * rawInserted) / rawSide.seconds;
  // As many events as the rate sends in PACED_SECONDS: a fixed count would be over in a second or
  // two on a fast day, and one stall of a few tens of milliseconds would then be the p99. Copies
  // within 200 events of each other: shuffled over the whole set instead, the first slice would
  // hold most events' first copies and so far more new events a second than the rate says.
  pacedEvents = Math.ceil(pacedRate * PACED_SECONDS);
  const pacedSends = workload(pacedEvents, PACED_SERIAL, 200);
  for (const s of pacedSends)
    wire.set(s, rawRequest('POST', `/api/devices/isapi/${s.device.secret}`, s.body, s.contentType));
  // The same bodies posted to bare Fastify, which only reads them: what the machine allows at the rate.
  const bareWire = new Map<Send, Buffer>();
  for (const s of pacedSends) bareWire.set(s, rawRequest('POST', '/push', s.body, s.contentType));
  for (let k = 0; k < PACED_SLICES; k += 1) {
    const slice = pacedSends.slice(
      Math.floor((k * pacedSends.length) / PACED_SLICES),
      Math.floor(((k + 1) * pacedSends.length) / PACED_SLICES),
    );
    const atRate = (task: (s: Send) => Promise<void>) =>
      runAtRate(slice.length, COPIES * pacedRate, (i) => task(slice[i]!));
    collectBeforeMeasuring();
    const stopCpu = await cpu.start();
    const stopClients = await bench();
    const a = await atRate(async (s) => {
      if ((await push(s)) !== 200) pacedFailed += 1;
    });
    const used = await stopCpu();
    pacedCpu.server += used.server;
    pacedCpu.db += used.db;
    pacedCpu.clients += stopClients();
    pacedAtrium.push(...a.latencies);
    pacedSlicesP99.push(a.p99.toFixed(1));
    collectBeforeMeasuring();
    const r = await atRate(async (s) => {
      await insertRaw(s);
    });
    pacedRaw.push(...r.latencies);
    collectBeforeMeasuring();
    const b = await atRate(async (s) => {
      await bareConnections!.send(bareWire.get(s)!);
    });
    pacedBare.push(...b.latencies);
  }
} finally {
  bareConnections?.close();
  await bareServer?.stop();
  connections.close();
  await atrium.stop();
  await pool.end();
}
await cpu.close();
for (const latencies of [atriumSide.latencies, rawSide.latencies, pacedAtrium, pacedRaw, pacedBare])
  latencies.sort((a, b) => a - b);

/** Rows stored, and distinct events among them, of the events with serials from `first` on. */
async function storedOf(first: number, count: number) {
  const result = await sql<{ n: number; distinct_n: number }>`
    SELECT count(*)::int AS n, count(DISTINCT (device_ref, serial_no))::int AS distinct_n
    FROM access_events WHERE device_ref = ANY(${devices.map((d) => d.id)}::int[])
      AND serial_no >= ${first} AND serial_no < ${first + count}`.execute(db);
  return result.rows[0]!;
}
const { n, distinct_n } = await storedOf(FIRST_SERIAL, EVENTS);
const paced = await storedOf(PACED_SERIAL, pacedEvents);

const rate = EVENTS / atriumSide.seconds;
const pushRate = sends.length / atriumSide.seconds;
const statementRate = sends.length / rawSide.seconds;
const rawRowRate = rawInserted / rawSide.seconds;
const p50 = percentile(atriumSide.latencies, 0.5);
const p99 = percentile(atriumSide.latencies, 0.99);
const perEvent = (ms: number) => (ms / EVENTS).toFixed(2);
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.info(
  `ingest: ${EVENTS} events x ${COPIES} copies shuffled = ${sends.length} sends, ${CLIENTS} clients, ${DEVICES} devices; Atrium in its own process; Atrium and raw take turns on ${SLICES} slices; load average ${load}`,
);
console.info(
  `  Atrium, pushes over HTTP: ${pushRate.toFixed(0)} pushes/s = ${rate.toFixed(0)} events/s committed, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${failed} failed`,
);
console.info(
  `    CPU per event: Atrium ${perEvent(atriumSide.server)} ms, PostgreSQL ${perEvent(atriumSide.db)} ms, bench clients ${perEvent(atriumSide.clients)} ms`,
);
console.info(
  `  raw, the same ${sends.length} sends as single-row INSERT ... ON CONFLICT DO NOTHING, ${CLIENTS} clients: ${statementRate.toFixed(0)} statements/s = ${rawRowRate.toFixed(0)} unique rows/s (${rawInserted} rows), p50 ${percentile(rawSide.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(rawSide.latencies, 0.99).toFixed(1)} ms`,
);
console.info(
  `    CPU per event: PostgreSQL ${perEvent(rawSide.db)} ms, bench clients ${perEvent(rawSide.clients)} ms`,
);
console.info(
  `  reference GET /api/health (one trivial query), ${CLIENTS} clients: ${(REFERENCE / health.seconds).toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms`,
);
console.info(
  `  reference bare Fastify GET (no database), ${CLIENTS} clients: ${(REFERENCE / bare.seconds).toFixed(0)} req/s, p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms`,
);
console.info(
  `  ratio, like for like: events/s committed : raw unique rows/s = ${(rate / rawRowRate).toFixed(2)} (target >= 0.5)`,
);
console.info(
  `  ratio, strict:        events/s committed : raw statements/s  = ${(rate / statementRate).toFixed(2)} (pushes/s : statements/s = ${(pushRate / statementRate).toFixed(2)})`,
);
console.info(
  `  p99 with ${CLIENTS} clients pushing as fast as they can: ${p99.toFixed(1)} ms (target < 20 ms)`,
);
console.info(
  `  stored ${n} rows for ${EVENTS} events: ${EVENTS - distinct_n} lost, ${n - distinct_n} duplicated`,
);
const pacedP = (sorted: number[], q: number) => percentile(sorted, q).toFixed(1);
console.info(
  `  at the target rate, ${TARGET_RATIO}x raw unique rows/s = ${pacedRate.toFixed(0)} events/s = ${(COPIES * pacedRate).toFixed(0)} sends/s, Poisson arrivals, latency from when each send was due: ${pacedEvents} more events x ${COPIES} copies (${PACED_SECONDS} s a side), Atrium, raw and bare Fastify taking turns on ${PACED_SLICES} slices`,
);
console.info(
  `    Atrium: p50 ${pacedP(pacedAtrium, 0.5)} ms, p99 ${pacedP(pacedAtrium, 0.99)} ms (slices ${pacedSlicesP99.join(', ')}), ${pacedFailed} failed; raw: p50 ${pacedP(pacedRaw, 0.5)} ms, p99 ${pacedP(pacedRaw, 0.99)} ms; bare Fastify reading the same bodies: p50 ${pacedP(pacedBare, 0.5)} ms, p99 ${pacedP(pacedBare, 0.99)} ms`,
);
console.info(
  `    stored ${paced.n} rows for ${pacedEvents} events: ${pacedEvents - paced.distinct_n} lost, ${paced.n - paced.distinct_n} duplicated`,
);
const perPacedEvent = (ms: number) => (ms / pacedEvents).toFixed(2);
console.info(
  `    CPU per event: Atrium ${perPacedEvent(pacedCpu.server)} ms, PostgreSQL ${perPacedEvent(pacedCpu.db)} ms, bench clients ${perPacedEvent(pacedCpu.clients)} ms`,
);
console.info(`  p99 at the target rate ${pacedP(pacedAtrium, 0.99)} ms (target < 20 ms)`);

await database.close();
await rm(dataDir, { recursive: true, force: true });
