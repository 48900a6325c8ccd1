import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

/**
 * Runs the PostgreSQL server process behind `client` at a lower CPU priority (a higher nice
 * value), when it runs on this machine and may be reniced by this user: the embedded database's
 * processes are Atrium's own. A month report keeps a core busy for seconds; at nice 10 it gets
 * about a tenth of what a status read's process gets when both want the same core, so the read
 * is answered at once and the report takes the cores nobody else wants.
 *
 * The process is known to be the connection's by its title, which PostgreSQL sets to
 * "postgres: user database host(port) ...", with this connection's own port: a database on
 * another machine (whose pid means nothing here) or behind a pooler is left alone. Over a Unix
 * socket (the embedded database's way in) the server is on this machine by construction, and its
 * title says "[local]". Resolves to whether the priority was lowered.
 *
 * A lowered session also plans without parallel workers: they are server processes of their own,
 * started at the normal priority, and with them a month report at 50,000 people took a core from a
 * status read's process again (seen in `top` while `npm run bench -- report-load` ran).
 */
export async function lowerBackendPriority(client: pg.ClientBase, nice: number): Promise<boolean> {
  const seen = client as unknown as { host?: string; connection?: { stream?: { localPort?: number } } };
  const unixSocket = seen.host?.startsWith('/') ?? false;
  const localPort = seen.connection?.stream?.localPort;
  if (!unixSocket && !localPort) return false;
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]?.pid;
  if (!pid) return false;
  const title = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const mine = unixSocket ? title.includes('[local]') : title.includes(`(${localPort})`);
  if (!title.startsWith('postgres: ') || !mine) return false;
  try {
    setPriority(pid, nice);
  } catch {
    // EPERM: PostgreSQL runs as another user here; the reports share the CPU as they are.
    return false;
  }
  await client.query('SET max_parallel_workers_per_gather = 0');
  return true;
}
