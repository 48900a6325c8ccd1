/**
 * Whether reports starve everyone else: a staff member's my-status measured alone, then again
 * while 10 clients run month reports in a loop, against the large data set (npm run bench --
 * generate first): npm run bench -- report-load [--people 50000]
 *
 * Atrium runs in a process of its own (DEMO=0), and so does a bare Fastify answering `{ok: true}`,
 * the baseline, asked at the same rate in the same run. my-status is asked at a fixed rate (an open
 * loop: a late answer delays no later request, so a stall is charged in full to the percentiles),
 * and every answer that is not 2xx is counted by status, for my-status and for the reports. The
 * report clients run in a process of their own (support/report-clients.ts), so reading their
 * megabytes does not delay this process's timing of my-status. Writes
 * the figures as JSON to bench/results/report-load.json. Asserts no time; exits 1 when any answer
 * was not 2xx (the database is up all along), so the CI smoke run catches a report shed again.
 *
 * Knobs: BENCH_PHASE_MS (default 20000) per phase, BENCH_RATE (my-status per second, default 50).
 */
import { fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signIn } from './support/bench-login';
import { httpClient } from './support/http-client';
import { runAtRate } from './support/load';
import { peopleArgument, startBenchServers } from './support/servers';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 20_000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const REPORT_CLIENTS = 10;
// The four reports that read the organisation's history (the people-counting one reads an hourly
// rollup and takes milliseconds): each client walks them in turn, from a different one.
const REPORT_TYPES = ['attendance', 'leave', 'access', 'department'];

const people = peopleArgument();
const { target, bare, atrium, accounts } = await startBenchServers(people);
const client = httpClient(64);

/** Answers by status, for a count of those that are not 2xx ("error" when none came). */
class Tally {
  readonly byStatus = new Map<string, number>();
  add(status: number | 'error'): void {
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
  }
  get failed(): number {
    let n = 0;
    for (const [status, count] of this.byStatus) if (!/^2\d\d$/.test(status)) n += count;
    return n;
  }
  get total(): number {
    return [...this.byStatus.values()].reduce((a, b) => a + b, 0);
  }
  describe(): string {
    const failures = [...this.byStatus].filter(([status]) => !/^2\d\d$/.test(status));
    return failures.length ? failures.map(([status, count]) => `${count} x ${status}`).join(', ') : 'none';
  }
}

async function ask(url: string, token: string | undefined, tally: Tally): Promise<void> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.request(url, { headers }).then(
    (res) => tally.add(res.status),
    () => tally.add('error'),
  );
}

/** my-status (or the baseline) at RATE per second for PHASE_MS: percentiles from when each was due. */
async function probe(url: string, token?: string) {
  const tally = new Tally();
  const run = await runAtRate(Math.round((RATE * PHASE_MS) / 1000), RATE, () => ask(url, token, tally));
  return { p50: run.p50, p95: run.p95, p99: run.p99, max: run.latencies.at(-1) ?? 0, tally };
}

/**
 * REPORT_CLIENTS clients asking for month reports back to back, in a process of their own
 * (support/report-clients.ts), until `stop` says so.
 */
async function reportLoad(admin: string, range: string) {
  const child = fork(path.join(import.meta.dirname, 'support/report-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  const started = next();
  child.send({ base: atrium.base, token: admin, range, clients: REPORT_CLIENTS, types: REPORT_TYPES });
  await started;
  return {
    async stop() {
      const result = next() as Promise<{ byStatus: Record<string, number>; p50: number; p99: number }>;
      child.send('stop');
      const { byStatus, p50, p99 } = await result;
      const tally = new Tally();
      for (const [status, count] of Object.entries(byStatus)) tally.byStatus.set(status, count);
      return { tally, p50, p99 };
    },
  };
}

const ms = (n: number) => `${Math.round(n * 10) / 10}`.padStart(9);

try {
  const admin = await signIn(atrium.base, accounts.admin.email, accounts.admin.password);
  const staff = await signIn(atrium.base, accounts.staff.email, accounts.staff.password);
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const range = `startDate=${monthAgo}&endDate=${today}`;
  const myStatus = `${atrium.base}/api/attendance/my-status`;

  // Warm: the first call of each pays for plans and caches.
  const warm = new Tally();
  for (const type of REPORT_TYPES) await ask(`${atrium.base}/api/reports/${type}?${range}`, admin, warm);
  await ask(myStatus, staff, warm);
  if (warm.failed) throw new Error(`warming up failed: ${warm.describe()}`);

  console.info(
    `${target.name}: my-status at ${RATE}/s for ${PHASE_MS} ms alone, then beside ${REPORT_CLIENTS} clients running month reports (${REPORT_TYPES.join(', ')}) in a loop`,
  );
  const baseline = await probe(`${bare.base}/`);
  const alone = await probe(myStatus, staff);
  const load = await reportLoad(admin, range);
  const beside = await probe(myStatus, staff);
  const reports = await load.stop();

  console.info(
    `${''.padEnd(40)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'max ms'.padStart(9)}  non-2xx`,
  );
  for (const [name, s] of [
    ['bare Fastify (baseline)', baseline],
    ['my-status alone', alone],
    [`my-status beside ${REPORT_CLIENTS} month reports`, beside],
  ] as const) {
    console.info(
      `${name.padEnd(40)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${ms(s.max)}  ${s.tally.failed} of ${s.tally.total} (${s.tally.describe()})`,
    );
  }
  console.info(
    `month reports meanwhile: ${reports.tally.total} answered, p50 ${ms(reports.p50).trim()} ms, p99 ${ms(reports.p99).trim()} ms; non-2xx ${reports.tally.failed} (${reports.tally.describe()})`,
  );
  console.info(
    `summary: my-status p99 ${ms(alone.p99).trim()} ms alone, ${ms(beside.p99).trim()} ms beside ${REPORT_CLIENTS} month reports; 503s: ${(beside.tally.byStatus.get('503') ?? 0) + (reports.tally.byStatus.get('503') ?? 0)}`,
  );
  const failed = alone.tally.failed + beside.tally.failed + reports.tally.failed;
  if (failed) {
    console.error(`${failed} answers were not 2xx while the database was up`);
    process.exitCode = 1;
  }
  const out = path.join(import.meta.dirname, 'results');
  await mkdir(out, { recursive: true });
  const figures = (s: typeof alone) => ({
    p50_ms: s.p50,
    p95_ms: s.p95,
    p99_ms: s.p99,
    max_ms: s.max,
    answers: Object.fromEntries(s.tally.byStatus),
  });
  await writeFile(
    path.join(out, 'report-load.json'),
    `${JSON.stringify(
      {
        people,
        rate: RATE,
        phase_ms: PHASE_MS,
        baseline: figures(baseline),
        alone: figures(alone),
        beside: figures(beside),
        reports: {
          p50_ms: reports.p50,
          p99_ms: reports.p99,
          answers: Object.fromEntries(reports.tally.byStatus),
        },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  client.close();
  await atrium.stop();
  await bare.stop();
}
