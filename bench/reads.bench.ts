/**
 * Every read a screen makes, against the large data set (npm run bench -- generate first):
 * npm run bench -- reads [--people 50000] [--only substring[,substring...]]
 *
 * Atrium runs in a process of its own against that database (DEMO=0), and so does a bare Fastify
 * answering `{ok: true}`: both measured by the same client loop in the same run. For each read it
 * prints p50 and p95 of sequential calls and req/s with 10 clients, and writes the table as JSON
 * to bench/results/reads.json. Asserts nothing.
 *
 * Atrium's resident memory is printed idle after start and idle again after every read was measured
 * (Atrium runs under tsx here, whose compiler adds to it).
 *
 * Knobs: BENCH_SEQUENTIAL (default 30 calls), BENCH_LOAD_MS (default 2000 ms at 10 clients).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_PASSWORD } from './support/bench-login';
import { residentMb } from './support/process';
import { peopleArgument, startBenchServers } from './support/servers';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 2000);
const CLIENTS = 10;

const people = peopleArgument();
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',') : undefined;
const { target, bare, atrium } = await startBenchServers(people);

type Sample = { name: string; p50_ms: number; p95_ms: number; rps: number; failed: number; bytes: number };

async function call(url: string, token?: string): Promise<number> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return body.byteLength;
}

async function measure(name: string, url: string, token?: string): Promise<Sample> {
  let bytes = await call(url, token); // warm: the first call pays for plans and caches
  const latencies: number[] = [];
  // A slow read gets at least 3 sequential calls, then stops at 10 s, so one outlier cannot hold the run.
  const enough = performance.now() + 10_000;
  for (let i = 0; i < SEQUENTIAL && (i < 3 || performance.now() < enough); i += 1) {
    const t0 = performance.now();
    bytes = await call(url, token);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  let done = 0;
  let failed = 0;
  const until = performance.now() + LOAD_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        // Under load a slow read may be shed (503): counted, not fatal, so the table stays whole.
        await call(url, token).then(
          () => {
            done += 1;
          },
          () => {
            failed += 1;
          },
        );
      }
    }),
  );
  const rps = done / ((performance.now() - started) / 1000);
  return { name, p50_ms: round(at(0.5)), p95_ms: round(at(0.95)), rps: Math.round(rps), failed, bytes };
}

const round = (n: number) => Math.round(n * 10) / 10;
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

async function login(email: string): Promise<string> {
  const res = await fetch(`${atrium.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The cursor of page `n` of the access logs, by walking the pages as a person paging would. */
async function accessLogsCursor(token: string, page: number): Promise<string> {
  let cursor = '';
  for (let i = 1; i < page; i += 1) {
    const res = await fetch(`${atrium.base}/api/access/logs?limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { next_cursor: string | null };
    if (!body.next_cursor) break;
    cursor = body.next_cursor;
  }
  return cursor;
}

try {
  const admin = await login('admin@bench.local');
  const staff = await login(`person${Math.min(people, 1234)}@bench.local`);
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [year, month] = today.split('-');
  const department = (
    (await (
      await fetch(`${atrium.base}/api/users/departments`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as {
      departments: { id: number }[];
    }
  ).departments[0]!.id;
  const page500 = await accessLogsCursor(admin, 500);
  const api = (p: string) => `${atrium.base}/api${p}`;
  const range = `startDate=${monthAgo}&endDate=${today}`;

  const reads: [string, string, string][] = [
    ['my-status (staff)', api('/attendance/my-status'), staff],
    ['quick-stats (staff)', api('/dashboard/quick-stats'), staff],
    ['quick-stats (admin)', api('/dashboard/quick-stats'), admin],
    ['dashboard stats', api('/dashboard/stats'), admin],
    ['system health', api('/dashboard/system-health'), admin],
    ['attendance page 1 (today)', api(`/attendance?date=${today}`), admin],
    ['attendance page 1 (search)', api(`/attendance?date=${today}&search=carter`), admin],
    ['attendance page 1 (department)', api(`/attendance?date=${today}&department=${department}`), admin],
    ['attendance page 1 (30 days)', api(`/attendance?${range}`), admin],
    ['attendance overview', api('/attendance/overview'), admin],
    ['attendance stats (staff)', api('/attendance/stats'), staff],
    ['users', api('/users'), admin],
    ['users (everybody)', api('/users?status=all'), admin],
    ['users (disabled)', api('/users?status=disabled'), admin],
    ['departments', api('/users/departments'), admin],
    ['leave applications', api('/leave/applications'), admin],
    ['leave pending', api('/leave/pending'), admin],
    ['leave stats', api('/leave/stats'), admin],
    ['leave calendar (month)', api(`/leave/calendar/${year}/${Number(month)}`), admin],
    ['leave calendar (a day)', api(`/leave/calendar/day/${today}`), admin],
    ['leave my-balance (staff)', api('/leave/my-balance'), staff],
    ['access logs page 1', api('/access/logs?limit=50'), admin],
    ['access logs page 500', api(`/access/logs?limit=50${page500 ? `&cursor=${page500}` : ''}`), admin],
    ['my access (staff)', api('/access/my-logs'), staff],
    ['counting report (7 days)', api('/dashboard/people-analytics-report'), admin],
    ['attendance report (month)', api(`/reports/attendance?${range}`), admin],
    ['leave report (month)', api(`/reports/leave?${range}`), admin],
    ['access report (month)', api(`/reports/access?${range}`), admin],
    ['department report (month)', api(`/reports/department?${range}`), admin],
    ['counting report (month)', api(`/reports/people-analytics?${range}`), admin],
  ];

  const idleAtStart = await residentMb(atrium.child.pid);
  const baseline = await measure('bare Fastify', `${bare.base}/`);
  console.info(
    `${target.name}: ${SEQUENTIAL} sequential calls and ${LOAD_MS} ms at ${CLIENTS} clients per read`,
  );
  console.info(`baseline: bare Fastify ${baseline.rps} req/s, p50 ${baseline.p50_ms} ms`);
  const header = `${'read'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'req/s'.padStart(7)} ${'x bare'.padStart(7)} ${'body'.padStart(9)}`;
  console.info(header);
  const results: Sample[] = [];
  for (const [name, url, token] of reads) {
    if (only && !only.some((part) => name.includes(part))) continue;
    try {
      const s = await measure(name, url, token);
      results.push(s);
      console.info(
        `${name.padEnd(34)} ${String(s.p50_ms).padStart(8)} ${String(s.p95_ms).padStart(8)} ${String(s.rps).padStart(7)} ${(s.rps / baseline.rps).toFixed(3).padStart(7)} ${size(s.bytes).padStart(9)}${s.failed ? `  (${s.failed} failed under load)` : ''}`,
      );
    } catch (error) {
      console.info(`${name.padEnd(34)} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const worst = results.reduce((a, b) => (b.p95_ms > a.p95_ms ? b : a), results[0]!);
  const under20 = results.filter((r) => r.p95_ms < 20).length;
  console.info(
    `summary: ${results.length} reads at ${people.toLocaleString('en-GB')} people; ${under20} with p95 < 20 ms; slowest p95 ${worst.p95_ms} ms (${worst.name}); bare Fastify ${baseline.rps} req/s`,
  );
  await new Promise((r) => setTimeout(r, 3000));
  const idleAfter = await residentMb(atrium.child.pid);
  console.info(
    `Atrium RSS idle: ${Math.round(idleAtStart)} MB after start, ${Math.round(idleAfter)} MB after the reads`,
  );
  const out = path.join(import.meta.dirname, 'results');
  await mkdir(out, { recursive: true });
  await writeFile(
    path.join(out, 'reads.json'),
    `${JSON.stringify({ people, bare_rps: baseline.rps, rss_idle_mb: Math.round(idleAfter), reads: results }, null, 2)}\n`,
  );
} finally {
  await atrium.stop();
  await bare.stop();
}
