/**
 * Every read a screen makes, against the large data set (npm run bench -- generate first) or the
 * 52-person demo: npm run bench -- reads [--people 50000 | --demo] [--only substring[,substring...]]
 *
 * Atrium runs in a process of its own against that database, with its default configuration (log
 * level included), and so does a bare Fastify answering `{ok: true}`. For each read it prints p50
 * and p95 of sequential calls, then req/s and p99 with 20 kept-alive connections driven by
 * autocannon, the ratio of those req/s to bare Fastify's (measured first and again last, and for
 * the reads with a goal just before and just after them), and the cores the server used. The
 * baseline says whether it was bound by the server or by this client: a ratio means something
 * only when the server was the limit. Writes the table as JSON to
 * bench/results/reads[-demo].json, and ends with the issue-30 goals, met or not. Asserts nothing.
 *
 * Atrium's resident memory is printed idle after start and idle again after every read was measured
 * (Atrium runs under tsx here, whose compiler adds to it).
 *
 * Knobs: BENCH_SEQUENTIAL (default 30 calls), BENCH_LOAD_MS (default 3000 ms per read, after
 * BENCH_WARM_MS, default 2000, of the same load not counted), BENCH_CONNECTIONS (default 20).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { BENCH_PASSWORD, signIn } from './support/bench-login';
import { residentMb } from './support/process';
import { type LoadResult, saturatingLoad } from './support/saturating-load';
import { peopleArgument, startBenchServers } from './support/servers';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARM_MS = Number(process.env.BENCH_WARM_MS ?? 2000);

const demo = process.argv.includes('--demo');
const people = demo ? 52 : peopleArgument();
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',') : undefined;
const { target, bare, atrium, accounts } = await startBenchServers(people, { demo });

type Sample = {
  name: string;
  p50_ms: number;
  p95_ms: number;
  bytes: number;
  load: LoadResult;
  /** The bare Fastify req/s this read is compared with. */
  bareRps?: number;
};

/** Issue 30's goals at CONNECTIONS connections: least ratio to bare, and p99 under load. */
const GOALS: Record<string, { ratio: number; p99?: number }> = {
  'my-status (staff)': { ratio: 0.25 },
  'quick-stats (staff)': { ratio: 0.25 },
  'quick-stats (admin)': { ratio: 0.1, p99: 20 },
};

async function call(url: string, token?: string): Promise<number> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return body.byteLength;
}

async function measure(
  name: string,
  url: string,
  token: string | undefined,
  serverPid: number,
): Promise<Sample> {
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
  // Under load a slow read may be shed (503): counted as failed, not fatal, so the table stays whole.
  const load = await saturatingLoad(url, {
    token,
    connections: CONNECTIONS,
    durationMs: LOAD_MS,
    warmMs: WARM_MS,
    serverPid,
  });
  return { name, p50_ms: round(at(0.5)), p95_ms: round(at(0.95)), bytes, load };
}

function describeLoad(l: LoadResult): string {
  const bound =
    l.limit === 'server'
      ? 'server-bound: the ratios below are against what the server can do'
      : l.limit === 'client'
        ? 'CLIENT-BOUND: this client, not the server, was the limit, so every ratio below is too kind'
        : l.machineCores >= cpus().length - 0.2
          ? 'the MACHINE was saturated (something else is running): the ratios below mean little'
          : 'neither side saturated a core: latency-bound, so the ratios below are too kind';
  return `bare Fastify ${l.rps} req/s, p99 ${l.p99_ms} ms; server ${l.serverCores} cores, client ${l.clientCores} cores, machine ${l.machineCores} of ${cpus().length}; ${bound}`;
}

function goals(results: Sample[]): string[] {
  return results.flatMap((r) => {
    const goal = GOALS[r.name];
    if (!goal || !r.bareRps) return [];
    const x = r.load.rps / r.bareRps;
    const met = x >= goal.ratio && (goal.p99 === undefined || r.load.p99_ms < goal.p99);
    return [
      `goal ${r.name}: ${r.load.rps} req/s, ${x.toFixed(3)}x bare ${r.bareRps} (want ${goal.ratio}x)${goal.p99 === undefined ? '' : `, p99 ${r.load.p99_ms} ms (want < ${goal.p99} ms)`}: ${met ? 'met' : 'NOT met'}`,
    ];
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

/**
 * The large data set's manager of its first top-level department (generate.ts: a tenth of
 * everyone), signed in; undefined for a data set built before the tree.
 */
async function topManager(adminToken: string): Promise<string | undefined> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const { departments } = (await (await fetch(`${atrium.base}/api/departments`, { headers })).json()) as {
    departments: { id: number; parent_id: number | null; manager_id: number | null }[];
  };
  const top = departments
    .filter((d) => d.parent_id === null && d.manager_id !== null)
    .sort((a, b) => a.id - b.id)[0];
  if (!top) return undefined;
  const { person } = (await (
    await fetch(`${atrium.base}/api/users/${top.manager_id}`, { headers })
  ).json()) as {
    person: { email: string };
  };
  return signIn(atrium.base, person.email, BENCH_PASSWORD);
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
  const admin = await signIn(atrium.base, accounts.admin.email, accounts.admin.password);
  const staff = await signIn(atrium.base, accounts.staff.email, accounts.staff.password);
  const manager = accounts.manager
    ? await signIn(atrium.base, accounts.manager.email, accounts.manager.password)
    : await topManager(admin);
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
    ...(manager
      ? ([
          ['team today (manager)', api('/team/today'), manager],
          ['leave pending (manager)', api('/leave/pending'), manager],
          ['leave calendar month (manager)', api(`/leave/calendar/${year}/${Number(month)}`), manager],
          ['team calendar month (manager)', api(`/team/calendar/${year}/${Number(month)}`), manager],
        ] as [string, string, string][])
      : []),
  ];

  const idleAtStart = await residentMb(atrium.child.pid);
  const barePid = bare.child.pid!;
  const atriumPid = atrium.child.pid!;
  const first = await measure('bare Fastify', `${bare.base}/`, undefined, barePid);
  console.info(
    `${target.name}: ${SEQUENTIAL} sequential calls, then ${LOAD_MS} ms at ${CONNECTIONS} connections (autocannon) per read`,
  );
  console.info(`baseline: ${describeLoad(first.load)}`);
  const header = `${'read'.padEnd(34)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'req/s'.padStart(7)} ${'x bare'.padStart(7)} ${'p99 ms'.padStart(7)} ${'cores'.padStart(6)} ${'body'.padStart(8)}`;
  console.info(header);
  const results: Sample[] = [];
  for (const [name, url, token] of reads) {
    if (only && !only.some((part) => name.includes(part))) continue;
    try {
      // A read with a goal is compared with bare Fastify measured just before and just after it:
      // on this shared machine the bare figure itself moves by a third within minutes.
      const before = GOALS[name] ? await measure('bare Fastify', `${bare.base}/`, undefined, barePid) : first;
      const s = await measure(name, url, token, atriumPid);
      const after = GOALS[name] ? await measure('bare Fastify', `${bare.base}/`, undefined, barePid) : first;
      s.bareRps = Math.round((before.load.rps + after.load.rps) / 2);
      results.push(s);
      const l = s.load;
      console.info(
        `${name.padEnd(34)} ${String(s.p50_ms).padStart(7)} ${String(s.p95_ms).padStart(7)} ${String(l.rps).padStart(7)} ${(l.rps / s.bareRps).toFixed(3).padStart(7)} ${String(l.p99_ms).padStart(7)} ${l.serverCores.toFixed(2).padStart(6)} ${size(s.bytes).padStart(8)}${l.failed ? `  (${l.failed} failed under load)` : ''}${GOALS[name] ? `  (bare ${before.load.rps} before, ${after.load.rps} after)` : ''}`,
      );
    } catch (error) {
      console.info(`${name.padEnd(34)} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const last = await measure('bare Fastify', `${bare.base}/`, undefined, barePid);
  console.info(`baseline again: ${describeLoad(last.load)}`);
  const worst = results.reduce((a, b) => (b.p95_ms > a.p95_ms ? b : a), results[0]!);
  const under20 = results.filter((r) => r.p95_ms < 20).length;
  console.info(
    `summary: ${results.length} reads at ${people.toLocaleString('en-GB')} people; ${under20} with p95 < 20 ms; slowest p95 ${worst.p95_ms} ms (${worst.name}); bare Fastify ${first.load.rps} and ${last.load.rps} req/s`,
  );
  for (const line of goals(results)) console.info(line);
  await new Promise((r) => setTimeout(r, 3000));
  const idleAfter = await residentMb(atrium.child.pid);
  console.info(
    `Atrium RSS idle: ${Math.round(idleAtStart)} MB after start, ${Math.round(idleAfter)} MB after the reads`,
  );
  const out = path.join(import.meta.dirname, 'results');
  await mkdir(out, { recursive: true });
  await writeFile(
    path.join(out, demo ? 'reads-demo.json' : 'reads.json'),
    `${JSON.stringify({ people, bare: [first.load, last.load], rss_idle_mb: Math.round(idleAfter), reads: results }, null, 2)}\n`,
  );
} finally {
  await atrium.stop();
  await bare.stop();
}
