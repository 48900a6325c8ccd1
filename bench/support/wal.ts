import { type Kysely, sql } from 'kysely';

/**
 * Leaves PostgreSQL `segments` WAL files ready for reuse, as a server in service has them. A new
 * cluster makes each 16 MB WAL file when it first needs it, zero-filled and synced while every
 * commit waits (100-200 ms on these machines): a benchmark on a cluster made for it met that once
 * every 16 MB, on whichever side was running then. Switching to a new file `segments` times and
 * taking a checkpoint leaves the files behind for reuse. Needs a superuser; elsewhere it says so
 * and leaves the server as it is.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database will do.
export async function recycleWal(db: Kysely<any>, segments: number): Promise<void> {
  try {
    for (let i = 0; i < segments; i += 1) {
      // A switch needs something written since the last one.
      await sql`SELECT pg_logical_emit_message(false, 'bench', 'warm-up')`.execute(db);
      await sql`SELECT pg_switch_wal()`.execute(db);
    }
    await sql`CHECKPOINT`.execute(db);
  } catch (error) {
    console.info(`  (WAL files not prepared for reuse: ${String(error)})`);
  }
}
