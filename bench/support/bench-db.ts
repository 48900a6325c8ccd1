import { existsSync } from 'node:fs';
import pg from 'pg';
import { createDb, withDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';

/**
 * The machine's PostgreSQL through its Unix socket where it has one, as Atrium reaches its
 * embedded database (db/embedded.ts), else over loopback TCP.
 */
const DEFAULT_SERVER = existsSync('/var/run/postgresql/.s.PGSQL.5432')
  ? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql'
  : 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  serverUrl: string;
}

/**
 * The benchmark data set of a given size: a database of its own on BENCH_DATABASE_URL's server.
 * BENCH_DB_NAME names a copy instead (CREATE DATABASE copy TEMPLATE atrium_bench_50000), so work on
 * a migration can be measured without touching the shared data set.
 */
export function benchDatabase(people: number): BenchDatabase {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
  const name = process.env.BENCH_DB_NAME ?? `atrium_bench_${people}`;
  return { name, url: withDatabase(serverUrl, name), serverUrl };
}

export async function dropAndCreate(target: BenchDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: target.serverUrl });
  await client.connect();
  try {
    const name = client.escapeIdentifier(target.name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** A pool on the data set; with `migrate`, Atrium's migrations are applied first. */
export async function openBenchDb(url: string, options: { migrate?: boolean } = {}) {
  if (options.migrate) {
    const db = createDb(url);
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
  }
  // One connection, so session settings (maintenance_work_mem) hold for every statement.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query('SELECT 1');
  return { pool, close: () => pool.end() };
}
