import { readFile } from 'node:fs/promises';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export async function processCpuMs(pid: number): Promise<number> {
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
  const sample = async (pids: number[]) =>
    new Map(await Promise.all(pids.map(async (p) => [p, await processCpuMs(p)] as const)));
  return {
    /** Starts a measurement; the returned function ends it with the CPU ms used in between. */
    async start() {
      const server = await processCpuMs(serverPid);
      const before = await sample(await backends());
      return async () => {
        const serverUsed = (await processCpuMs(serverPid)) - server;
        const after = await sample([...new Set([...before.keys(), ...(await backends())])]);
        // Sessions opened meanwhile count from 0; those closed meanwhile (the pool lets idle ones
        // go) are left out rather than counted as negative.
        let db = 0;
        for (const [pid, used] of after) if (used > 0) db += used - (before.get(pid) ?? 0);
        return { server: serverUsed, db };
      };
    },
    close: () => client.end(),
  };
}
