/**
 * Door event ingestion: simulated controllers push ISAPI events over HTTP to a running Atrium,
 * every event three times and out of order, as devices do when they resend and replay. Prints
 * events/s committed, push latency, and in the same run the raw rate of single-row
 * `INSERT ... ON CONFLICT DO NOTHING` into the same table with the same number of clients, then
 * checks that every event is stored exactly once. Asserts nothing. Run: npm run bench -- ingest
 *
 * Knobs: BENCH_DATABASE_URL (default: embedded PostgreSQL), INGEST_EVENTS (default 6000),
 * INGEST_CLIENTS (default 32), INGEST_DEVICES (default 16).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/open';
import { seedDemo } from '../apps/server/src/demo';
import { deviceTime, encode, type PushFormat } from '../apps/server/src/devices/hikvision/simulator/bodies';
import { EventBus } from '../apps/server/src/events/bus';
import { newPushSecret } from '../apps/server/src/modules/access/devices.service';
import { hashSecret } from '../apps/server/src/modules/access/push.service';
import { runLoad } from './support/load';

const EVENTS = Number(process.env.INGEST_EVENTS ?? 6000);
const CLIENTS = Number(process.env.INGEST_CLIENTS ?? 32);
const DEVICES = Number(process.env.INGEST_DEVICES ?? 16);
const COPIES = 3;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
const db = database.db;
await seedDemo(db);
const bus = new EventBus(db, database.url);
await bus.start();
const app = await buildApp({
  db,
  bus,
  config: {
    demo: true,
    trustProxy: false,
    webDist: undefined,
    accessTokenTtlSeconds: 900,
    sessionMaxAgeSeconds: 43200,
    heartbeatMs: 30000,
    logLevel: 'silent',
  },
  access: { picturesDir: path.join(dataDir, 'pictures') },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

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

// Every event three times (JSON, XML, multipart in turn), shuffled.
const start = Date.now() - 3600_000;
const formats: PushFormat[] = ['json', 'xml', 'multipart'];
const sends: { device: (typeof devices)[number]; body: Blob | string; contentType: string }[] = [];
for (let n = 0; n < EVENTS; n += 1) {
  const device = devices[n % DEVICES]!;
  const event = {
    deviceId: device.code,
    ip: '10.9.0.1',
    dateTime: deviceTime(new Date(start + n * 500)),
    major: 5,
    minor: n % 25 === 0 ? 9 : 1,
    serialNo: 1_000_000 + Math.floor(n / DEVICES),
    cardNo: n % 10 === 0 ? `00${9_100_000 + n}` : cards[n % cards.length],
    readerNo: 1 + (n % 2),
    verifyMode: 'card',
    currentEvent: n % 7 !== 0,
  };
  for (let c = 0; c < COPIES; c += 1) {
    const { body, contentType } = encode(event, formats[(n + c) % 3]!);
    sends.push({
      device,
      body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
      contentType,
    });
  }
}
for (let i = sends.length - 1; i > 0; i -= 1) {
  const j = Math.floor(Math.random() * (i + 1));
  [sends[i], sends[j]] = [sends[j]!, sends[i]!];
}

// Warm up: connections, caches, the month's partition.
await runLoad(200, CLIENTS, async (i) => {
  const s = sends[i]!;
  await fetch(`${base}/api/devices/isapi/${s.device.secret}`, {
    method: 'POST',
    headers: { 'content-type': s.contentType },
    body: s.body,
  }).then((r) => r.arrayBuffer());
});
// Baseline: the cheapest route that reaches the database, same clients, same process.
const health = await runLoad(Math.max(1000, EVENTS), CLIENTS, async () => {
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
});
let failed = 0;
const pushes = await runLoad(sends.length, CLIENTS, async (i) => {
  const s = sends[i]!;
  const res = await fetch(`${base}/api/devices/isapi/${s.device.secret}`, {
    method: 'POST',
    headers: { 'content-type': s.contentType },
    body: s.body,
  });
  await res.arrayBuffer();
  if (res.status !== 200) failed += 1;
});

// Baseline: the same table, single-row inserts, one transaction each, as many clients.
const rawDevice = devices[0]!;
const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS });
const RAW = Math.max(3000, EVENTS);
const raw = await runLoad(RAW, CLIENTS, async (i) => {
  await pool.query(
    `INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, major, minor, kind, action,
       access_point_id, card_no, verify_mode, reader_no, door_no, backlog, raw)
     VALUES ($1, $2, $3, $3, $4, 5, 1, 'granted', 'entry', $5, $6, 'card', 1, 1, false, $7::jsonb)
     ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING`,
    [
      rawDevice.id,
      rawDevice.code,
      50_000_000 + i,
      new Date(start + i * 10),
      point.id,
      cards[i % cards.length],
      '{"raw":true}',
    ],
  );
});
await pool.end();

const stored = await sql<{ n: number; distinct_n: number }>`
  SELECT count(*)::int AS n, count(DISTINCT (device_ref, serial_no))::int AS distinct_n
  FROM access_events WHERE device_ref = ANY(${devices.map((d) => d.id)}::int[]) AND serial_no < 50000000`.execute(
  db,
);
const { n, distinct_n } = stored.rows[0]!;

const rate = EVENTS / pushes.seconds;
const rawRate = RAW / raw.seconds;
console.info(`ingest: ${EVENTS} events x ${COPIES} copies, ${CLIENTS} clients, ${DEVICES} devices`);
console.info(
  `  pushes over HTTP: ${(sends.length / pushes.seconds).toFixed(0)} pushes/s, ${rate.toFixed(0)} events/s committed, p50 ${pushes.p50.toFixed(1)} ms, p99 ${pushes.p99.toFixed(1)} ms, ${failed} failed`,
);
console.info(
  `  baseline GET /api/health (one trivial query), ${CLIENTS} clients: ${(Math.max(1000, EVENTS) / health.seconds).toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms`,
);
console.info(
  `  raw single-row INSERT ... ON CONFLICT DO NOTHING, ${CLIENTS} clients: ${rawRate.toFixed(0)} rows/s`,
);
console.info(
  `  ratio events/s : raw rows/s = ${(rate / rawRate).toFixed(2)} (target >= 0.5); p99 target < 20 ms`,
);
console.info(
  `  stored ${n} rows for ${EVENTS} events: ${EVENTS - distinct_n} lost, ${n - distinct_n} duplicated`,
);

await app.close();
await bus.stop();
await database.close();
await rm(dataDir, { recursive: true, force: true });
