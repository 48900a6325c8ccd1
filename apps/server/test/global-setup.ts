import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, withDatabase } from '../src/db/connection';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
    databasePrefix: string;
  }
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL when set (the machine's server in CI),
 * otherwise an embedded one in a temporary folder. Migrations run once into a template
 * database; each test file then gets a fresh copy of it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres(await mkdtemp(path.join(os.tmpdir(), 'atrium-test-')), {
      ephemeral: true,
    });
    serverUrl = embedded.url;
  }
  const templateDatabase = `atrium_template_${process.pid}`;
  await ensureDatabase(serverUrl, templateDatabase);
  const db = createDb(withDatabase(serverUrl, templateDatabase));
  await migrate(db);
  await db.destroy();
  project.provide('serverUrl', serverUrl);
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
