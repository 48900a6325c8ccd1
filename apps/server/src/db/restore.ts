import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  type ArchiveReader,
  BackupFileError,
  type BackupManifest,
  countRows,
  type Progress,
} from './backup-archive';
import { readMigrations, readTables, setCopyFormat } from './catalog';
import { createDb } from './connection';
import { migrate, migrationsDir } from './migrate';

export interface RestoreResult {
  tables: number;
  rows: number;
  migrations: number;
}

/** Migrations in the backup that this Atrium does not have: it was made by a newer Atrium. */
export function unknownMigrations(manifest: BackupManifest, known: readonly string[]): string[] {
  const knownSet = new Set(known);
  return manifest.migrations.filter((m) => !knownSet.has(m));
}

/**
 * Loads a backup into the empty database at `url`: applies the backup's migrations (so the schema
 * is the one the rows were taken from; Atrium applies any newer ones when it starts), then loads
 * every table and sets every sequence, all in one transaction. Triggers and foreign keys are off
 * while loading (session_replication_role = replica): the rows were consistent when taken, and
 * the tables that triggers maintain come from the backup as they were.
 */
export async function restoreDatabase(
  url: string,
  backup: { reader: ArchiveReader; manifest: BackupManifest },
  options: {
    onProgress?: (progress: Progress) => void;
    /** Says what comes next, for the steps that take a while before any row. */
    onStep?: (step: string) => void;
    signal?: AbortSignal;
  } = {},
): Promise<RestoreResult> {
  const { reader, manifest } = backup;
  const client = new pg.Client({ connectionString: url, application_name: 'atrium-restore' });
  await client.connect();
  const onAbort = () => void client.end();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (await readMigrations(client))
      throw new Error('The database to restore into already holds Atrium data.');
    options.onStep?.(`Applying the backup's ${manifest.migrations.length} migrations`);
    const db = createDb(url, 1);
    try {
      await migrate(db, migrationsDir, new Set(manifest.migrations));
    } finally {
      await db.destroy();
    }
    await setCopyFormat(client);
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await prepareTables(client, manifest);
    options.onStep?.(`Loading ${manifest.tables.length} tables`);

    let tablesDone = 0;
    let total = 0;
    for await (const { table, rows } of reader.tables()) {
      const list = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const copy = client.query(copyFrom(`COPY ${client.escapeIdentifier(table.name)} (${list}) FROM STDIN`));
      const progress = { table: table.name, tablesDone, tablesTotal: manifest.tables.length, rows: total };
      const counted = async function* () {
        for await (const chunk of rows) {
          progress.rows += countRows(chunk);
          options.onProgress?.(progress);
          yield chunk;
        }
      };
      await pipeline(Readable.from(counted()), copy);
      tablesDone += 1;
      total = progress.rows;
      options.onProgress?.({ ...progress, tablesDone });
    }
    await restoreSequences(client, manifest);
    await client.query('COMMIT');
    // Fresh statistics, so the first queries after the restore are planned well.
    await client.query('ANALYZE');
    return {
      tables: manifest.tables.length,
      rows: total,
      migrations: manifest.migrations.length,
    };
  } catch (error) {
    if (options.signal?.aborted) throw new Error('The restore was interrupted.');
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await client.end().catch(() => {});
  }
}

const LITERAL = String.raw`(?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?|MINVALUE|MAXVALUE|NULL|true|false)`;
const LIST = `${LITERAL}(?:, ${LITERAL})*`;
const PARTITION_BOUND = new RegExp(
  `^(?:DEFAULT|FOR VALUES (?:FROM \\(${LIST}\\) TO \\(${LIST}\\)|IN \\(${LIST}\\)|WITH \\(modulus \\d+, remainder \\d+\\)))$`,
);

/**
 * Creates the partitions the application had made (migrations make only a few), checks that the
 * migrated tables have the backup's columns, and empties them of what migrations inserted.
 */
async function prepareTables(client: pg.ClientBase, manifest: BackupManifest): Promise<void> {
  for (const partition of manifest.partitions) {
    // The bound is SQL from the file: only the shapes PostgreSQL writes get through, never a statement.
    if (!PARTITION_BOUND.test(partition.bound)) {
      throw new BackupFileError(`The backup's partition "${partition.name}" has an unreadable bound.`);
    }
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [
      client.escapeIdentifier(partition.name),
    ]);
    if (exists.rows[0].present) continue;
    await client.query(
      `CREATE TABLE ${client.escapeIdentifier(partition.name)} PARTITION OF ${client.escapeIdentifier(partition.parent)} ${partition.bound}`,
    );
  }
  const present = new Map((await readTables(client)).map((t) => [t.name, t.columns]));
  for (const table of manifest.tables) {
    const columns = present.get(table.name);
    const same = columns && [...columns].sort().join() === [...table.columns].sort().join();
    if (!same) {
      throw new Error(
        `After the backup's migrations, the table "${table.name}" ${columns ? 'has other columns than' : 'is missing from'} the backup: the backup does not match this Atrium's migrations.`,
      );
    }
  }
  // Partitioned tables with their partitions, all in one statement, as foreign keys require.
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);
  await client.query(`TRUNCATE ${rows.map((t) => client.escapeIdentifier(t.name)).join(', ')}`);
}

async function restoreSequences(client: pg.ClientBase, manifest: BackupManifest): Promise<void> {
  for (const { name, lastValue } of manifest.sequences) {
    const sequence = client.escapeIdentifier(name);
    if (lastValue === null) await client.query(`ALTER SEQUENCE ${sequence} RESTART`);
    else await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [sequence, lastValue]);
  }
}
