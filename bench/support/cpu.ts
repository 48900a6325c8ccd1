import { readFile } from 'node:fs/promises';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND || 0;
}

/**
 * CPU a server and its database sessions spend, measured from /proc: on a shared machine the
 * wall-clock figures move with everything else running, the CPU per request much less.
 */
export async function cpuMeter(serverPid: number, databaseUrl: string, database: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      )
    ).rows.map((r) => r.pid);
  const sample = async (pids: number[]) => {
    const server = await processCpuMs(serverPid);
    const db = (await Promise.all(pids.map(processCpuMs))).reduce((a, b) => a + b, 0);
    return { server, db };
  };
  return {
    /** Starts a measurement; the returned function ends it with the CPU ms used in between. */
    async start() {
      const pids = await backends();
      const before = await sample(pids);
      return async () => {
        // Sessions opened meanwhile count from 0; those closed meanwhile are lost (the pool keeps its own).
        const after = await sample([...new Set([...pids, ...(await backends())])]);
        return { server: after.server - before.server, db: after.db - before.db };
      };
    },
    close: () => client.end(),
  };
}
