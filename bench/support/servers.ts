import path from 'node:path';
import { withDatabase } from '../../apps/server/src/db/connection';
import { demoAccounts } from '../../apps/server/src/demo/people.data';
import { type BenchDatabase, benchDatabase, dropAndCreate } from './bench-db';
import { BENCH_PASSWORD } from './bench-login';
import { startProcess } from './process';

/** `--people N` of the command line (50,000 unless given): which data set a benchmark reads. */
export function peopleArgument(): number {
  const at = process.argv.indexOf('--people');
  return at > 0 ? Number(process.argv[at + 1]) : 50_000;
}

/** Who signs in on a data set: the generated one's accounts, or the demo's two. */
export interface BenchAccounts {
  admin: { email: string; password: string };
  staff: { email: string; password: string };
  /**
   * The demo's manager, for the manager's reads; on a generated data set reads.bench signs in as
   * the manager of its first top-level department instead.
   */
  manager?: { email: string; password: string };
}

/**
 * Atrium on the data set of `people`, in a process of its own without the demo, and beside it the
 * bare Fastify baseline, also in a process of its own: what the read benchmarks measure against.
 * With `demo`, Atrium instead seeds the 52-person demo into a fresh database of its own, as
 * `npm start` would (its door controllers simulated; its cameras not, since encoding video would
 * take the CPU being measured).
 */
export async function startBenchServers(people: number, options: { demo?: boolean } = {}) {
  const target: BenchDatabase = options.demo ? demoDatabase() : benchDatabase(people);
  if (options.demo) await dropAndCreate(target);
  const root = path.resolve(import.meta.dirname, '../..');
  const bare = await startProcess(
    'bare Fastify',
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    {},
  );
  const atrium = await startProcess(
    'Atrium',
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      DATABASE_URL: target.url,
      DEMO: options.demo ? '1' : '0',
      SIMULATE_CAMERAS: '0',
    },
  );
  const accounts: BenchAccounts = options.demo
    ? {
        admin: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
        staff: { email: demoAccounts.user.email, password: demoAccounts.user.password },
        manager: { email: demoAccounts.manager.email, password: demoAccounts.manager.password },
      }
    : {
        admin: { email: 'admin@bench.local', password: BENCH_PASSWORD },
        staff: { email: `person${Math.min(people, 1234)}@bench.local`, password: BENCH_PASSWORD },
      };
  return { target, bare, atrium, accounts };
}

function demoDatabase(): BenchDatabase {
  const { serverUrl } = benchDatabase(0);
  const name = 'atrium_bench_demo';
  return { name, url: withDatabase(serverUrl, name), serverUrl };
}
