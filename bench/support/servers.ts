import path from 'node:path';
import { type BenchDatabase, benchDatabase } from './bench-db';
import { startProcess } from './process';

/** `--people N` of the command line (50,000 unless given): which data set a benchmark reads. */
export function peopleArgument(): number {
  const at = process.argv.indexOf('--people');
  return at > 0 ? Number(process.argv[at + 1]) : 50_000;
}

/**
 * Atrium on the data set of `people`, in a process of its own without the demo, and beside it the
 * bare Fastify baseline, also in a process of its own: what the read benchmarks measure against.
 */
export async function startBenchServers(people: number) {
  const target: BenchDatabase = benchDatabase(people);
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
      DEMO: '0',
      LOG_LEVEL: 'warn',
      SIMULATE_CAMERAS: '0',
    },
  );
  return { target, bare, atrium };
}
