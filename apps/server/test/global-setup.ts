import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, type PoolMode, withDatabase } from '../src/db/connection';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL itself: creating and dropping databases, LISTEN, sessions a test holds. */
    serverUrl: string;
    /** What the app's pools connect to: the pooler when the run has one, else serverUrl. */
    poolServerUrl: string;
    poolMode: PoolMode;
    templateDatabase: string;
    databasePrefix: string;
  }
}

function poolModeOf(raw: string | undefined): PoolMode {
  if (raw === undefined || raw === '' || raw === 'session') return 'session';
  if (raw === 'transaction') return raw;
  throw new Error(`TEST_DATABASE_POOL_MODE must be session or transaction, got "${raw}"`);
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL when set (the machine's server in CI),
 * otherwise an embedded one in a temporary folder. Migrations run once into a template
 * database; each test file then gets a fresh copy of it.
 *
 * Behind a pooler, TEST_DATABASE_URL is the pooler (the app's pools go through it, as
 * DATABASE_URL would), TEST_DATABASE_POOL_MODE its mode, and TEST_DATABASE_DIRECT_URL the
 * server itself, for what a transaction-mode pooler cannot carry.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let poolServerUrl = process.env.TEST_DATABASE_URL;
  const poolMode = poolModeOf(process.env.TEST_DATABASE_POOL_MODE);
  if (poolMode === 'transaction' && !process.env.TEST_DATABASE_DIRECT_URL) {
    throw new Error('TEST_DATABASE_POOL_MODE=transaction needs TEST_DATABASE_DIRECT_URL');
  }
  if (!poolServerUrl) {
    embedded = await startEmbeddedPostgres(await mkdtemp(path.join(os.tmpdir(), 'atrium-test-')), {
      ephemeral: true,
    });
    poolServerUrl = embedded.url;
  }
  const serverUrl = process.env.TEST_DATABASE_DIRECT_URL || poolServerUrl;
  const templateDatabase = `atrium_template_${process.pid}`;
  await ensureDatabase(serverUrl, templateDatabase);
  // Migrated the way Atrium migrates, through the pooler when there is one.
  const db = createDb(withDatabase(poolServerUrl, templateDatabase), 10, { poolMode });
  await migrate(db);
  await db.destroy();
  // A pooler keeps its server sessions to the template open, and a database with sessions
  // cannot be copied.
  if (poolServerUrl !== serverUrl) await closeSessions(serverUrl, templateDatabase);
  project.provide('serverUrl', serverUrl);
  project.provide('poolServerUrl', poolServerUrl);
  project.provide('poolMode', poolMode);
  project.provide('templateDatabase', templateDatabase);
  project.provide('databasePrefix', `atrium_t_${process.pid}`);

  return async () => {
    if (embedded) {
      await embedded.stop();
      return;
    }
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const rows = await client.query(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
      templateDatabase,
      `atrium_t_${process.pid}_%`,
    ]);
    for (const { datname } of rows.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await client.end();
  };
}

async function closeSessions(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      database,
    ]);
  } finally {
    await client.end();
  }
}
