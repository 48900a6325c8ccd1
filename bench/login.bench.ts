/**
 * Login and authenticated-read throughput against a real server with an embedded database.
 * Prints figures; asserts nothing. Run: npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { EventBus } from '../apps/server/src/core/events/bus';
import { openDatabase } from '../apps/server/src/db/open';
import { ReportsPool } from '../apps/server/src/db/reports-pool';
import { seedDemo } from '../apps/server/src/demo';
import { runLoad } from './support/load';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-'));
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
await seedDemo(database.db);
const bus = new EventBus(database.db, database.url);
await bus.start();
const reports = new ReportsPool(database.url, {
  size: 3,
  statementTimeoutMs: 300_000,
  queueLimit: 100,
  queueTimeoutMs: 60_000,
});
const app = await buildApp({
  db: database.db,
  reports,
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
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function measure(name: string, total: number, concurrency: number, task: (i: number) => Promise<void>) {
  const { seconds, p50, p95, p99 } = await runLoad(total, concurrency, task);
  console.info(
    `${name}: ${(total / seconds).toFixed(0)} req/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );
}

const login = async (i: number) => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bench': String(i) },
    body: JSON.stringify({ email: 'admin@atrium.local', password: 'Admin#2026' }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
};
// Four at a time: an attempt counts as a failure until its password is checked, and an account
// with five failures in flight is throttled (parallel guesses see each other).
await measure('login (argon2id)', 200, 4, login);

const { token } = (await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@atrium.local', password: 'Admin#2026' }),
  })
).json()) as { token: string };
await measure('GET /api/auth/me', 3000, 16, async () => {
  const res = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`me answered ${res.status}`);
  await res.arrayBuffer();
});

await app.close();
await reports.close();
await bus.stop();
await database.close();
await rm(dataDir, { recursive: true, force: true });
