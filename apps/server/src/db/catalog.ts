import type pg from 'pg';
import type { BackupManifest } from './backup-archive';

/**
 * What a backup needs to know of a database, read from PostgreSQL's catalog: Atrium keeps
 * everything in the schema `public`, and its schema is exactly the migrations applied.
 */

export type CatalogTable = BackupManifest['tables'][number];

/** Every table that holds rows (partitions included, their partitioned parents not), by name. */
export async function readTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  // Generated columns are computed again on insert, and COPY neither writes nor reads them.
  const result = await client.query<CatalogTable>(`
    SELECT c.relname::text AS name,
      coalesce(array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attnum IS NOT NULL), '{}') AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    GROUP BY c.relname
    ORDER BY c.relname`);
  return result.rows;
}

/** Partitions with their bounds, parents before their own partitions. */
export async function readPartitions(client: pg.ClientBase): Promise<BackupManifest['partitions']> {
  const result = await client.query<BackupManifest['partitions'][number]>(`
    SELECT c.relname::text AS name, p.relname::text AS parent, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_inherits i ON i.inhrelid = c.oid
    JOIN pg_class p ON p.oid = i.inhparent
    WHERE n.nspname = 'public' AND c.relispartition AND c.relkind IN ('r', 'p')
    ORDER BY (SELECT count(*) FROM pg_partition_ancestors(c.oid)), c.relname`);
  return result.rows;
}

export async function readSequences(client: pg.ClientBase): Promise<BackupManifest['sequences']> {
  const result = await client.query<BackupManifest['sequences'][number]>(`
    SELECT sequencename::text AS name, last_value::text AS "lastValue"
    FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`);
  return result.rows;
}

/** The applied migrations, or undefined when the database holds no Atrium schema. */
export async function readMigrations(client: pg.ClientBase): Promise<string[] | undefined> {
  const table = await client.query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present`);
  if (!table.rows[0]?.present) return undefined;
  const result = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return result.rows.map((r) => r.name);
}

/**
 * Session settings for COPY text that reads back exactly: ISO dates, timestamps in UTC, floats
 * with every digit (pg_dump sets the same).
 */
export async function setCopyFormat(client: pg.ClientBase): Promise<void> {
  await client.query(
    "SET DateStyle = ISO; SET IntervalStyle = postgres; SET TimeZone = 'UTC'; SET extra_float_digits = 3; SET client_encoding = 'UTF8'",
  );
}
