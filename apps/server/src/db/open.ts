import type { Config } from '../config';
import { createDb, type Db, ensureDatabase, withDatabase } from './connection';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';

export interface OpenDatabase {
  db: Db;
  url: string;
  /** Where LISTEN goes: `url` itself unless that is a pooler (see Config.databaseListenUrl). */
  listenUrl: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL when given; otherwise Atrium's own PostgreSQL in DATA_DIR. Migrated either way. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<Config, 'databaseListenUrl' | 'databasePoolMode'>>,
): Promise<OpenDatabase> {
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
  const db = createDb(url, 10, { poolMode: config.databasePoolMode });
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
    listenUrl: config.databaseListenUrl ?? url,
    embedded: stopEmbedded !== undefined,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
