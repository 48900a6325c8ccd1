import { readFile, stat } from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { lowerBackendPriority } from './backend-priority';
import type { Db } from './connection';
import { REPORTS_NICE } from './reports-pool';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** The server process behind a statement of `db`, with its nice value and owner, from /proc. */
async function backendOf(db: Db) {
  const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;
  return { pid, nice: await niceOf(pid), ownerUid: (await stat(`/proc/${pid}`)).uid };
}

async function niceOf(pid: number): Promise<number> {
  const line = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The nice value is the 19th field; the command name (2nd) is in parentheses and may hold spaces.
  return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[16]);
}

// The test's PostgreSQL runs on this machine (127.0.0.1), so its processes are visible in /proc.
describe.runIf(inject('poolMode') === 'session')('the reports pool on a database of this machine', () => {
  it('runs its server processes at a lower priority without parallel workers, and the main pool as it is', async () => {
    const report = await backendOf(database.reports.db());
    const main = await backendOf(database.db);
    // Lowering another user's process takes root; the embedded database's are Atrium's own.
    const allowed = process.getuid?.() === 0 || report.ownerUid === process.getuid?.();
    expect(report.nice).toBe(allowed ? REPORTS_NICE : 0);
    expect(main.nice).toBe(0);
    const workers = async (db: Db) =>
      (
        await sql<{ max_parallel_workers_per_gather: string }>`SHOW max_parallel_workers_per_gather`.execute(
          db,
        )
      ).rows[0]!.max_parallel_workers_per_gather;
    expect(await workers(database.reports.db())).toBe(allowed ? '0' : await workers(database.db));
    expect(await workers(database.db)).not.toBe('0');
  });

  it('leaves alone a process whose title does not name its connection', async () => {
    // Over TCP, as a database on another machine is reached (the embedded one listens on both).
    const tcp = new URL(database.url);
    tcp.searchParams.delete('host');
    tcp.hostname = '127.0.0.1';
    const client = new pg.Client({ connectionString: tcp.toString() });
    await client.connect();
    try {
      const socket = (client as unknown as { connection: { stream: { localPort: number } } }).connection
        .stream;
      // What a database on another machine looks like: the pid there is no process of this one's.
      Object.defineProperty(socket, 'localPort', { value: socket.localPort + 1 });
      expect(await lowerBackendPriority(client, REPORTS_NICE)).toBe(false);
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect(await niceOf(pid)).toBe(0);
    } finally {
      await client.end();
    }
  });
});
