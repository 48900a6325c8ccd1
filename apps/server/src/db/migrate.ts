import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** Beside this file in the source tree; copied beside the bundle by the build. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The migration files this Atrium knows, in the order they apply. */
export async function migrationFiles(dir = migrationsDir): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
}

/** An arbitrary constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 7_150_221;

/**
 * Holds the migration lock until the transaction ends. A transaction's lock, not a session's:
 * behind a transaction-mode pooler (PgBouncer) a session lock would be taken on one server
 * session and released on another, or never.
 */
async function lockMigrations(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
}

/**
 * Applies numbered SQL files that have not run yet, each in its own transaction, in order.
 * Forward only: a file that was applied is never run again, and edits to it are refused.
 * Each file's transaction takes the lock and checks again that the file is still pending:
 * another process starting at the same time may have applied it meanwhile. `only` limits the run
 * to those files: a restore rebuilds the schema a backup was taken with.
 */
export async function migrate(
  db: Kysely<Database>,
  dir = migrationsDir,
  only?: ReadonlySet<string>,
): Promise<string[]> {
  const files = (await migrationFiles(dir)).filter((f) => !only || only.has(f));
  const done = await db.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
    return new Set(rows.rows.map((r) => r.name));
  });
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(`${dir}/${file}`, 'utf8');
    const ran = await db.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      const again = await sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`.execute(trx);
      if (again.rows.length > 0) return false;
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
