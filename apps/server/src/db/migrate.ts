import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
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
 * Applies numbered SQL files that have not run yet, each in its own transaction, in order.
 * Forward only: a file that was applied is never run again, and edits to it are refused.
 * `only` limits the run to those files: a restore rebuilds the schema a backup was taken with.
 */
export async function migrate(
  db: Kysely<Database>,
  dir = migrationsDir,
  only?: ReadonlySet<string>,
): Promise<string[]> {
  const files = (await migrationFiles(dir)).filter((f) => !only || only.has(f));
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn);
      const doneNames = new Set(done.rows.map((r) => r.name));
      for (const file of files) {
        if (doneNames.has(file)) continue;
        const text = await readFile(`${dir}/${file}`, 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
