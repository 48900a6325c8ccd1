import type { Config } from '../config';
import { createDb, type Db, ensureDatabase, withDatabase } from './connection';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';

export interface OpenDatabase {
  db: Db;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL when given; otherwise Atrium's own PostgreSQL in DATA_DIR. Migrated either way. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const server = await startEmbeddedPostgres(config.dataDir);
    stopEmbedded = server.stop;
    try {
      await ensureDatabase(server.url, 'atrium');
    } catch (error) {
      await server.stop();
      throw error;
    }
    url = withDatabase(server.url, 'atrium');
  }
  const db = createDb(url);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    await stopEmbedded?.();
    throw error;
  }
  return {
    db,
    url,
    embedded: stopEmbedded !== undefined,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
