import { type Config, defaultPoolSize } from '../config';
import { createDb, createPool, type Db, dbOver, ensureDatabase, withDatabase } from './connection';
import { startEmbeddedPostgres } from './embedded';
import { GatedPool } from './gated-pool';
import { migrate } from './migrate';

export interface OpenDatabase {
  db: Db;
  url: string;
  /** Where LISTEN goes: `url` itself unless that is a pooler (see Config.databaseListenUrl). */
  listenUrl: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Requests that may wait for a connection of the main pool, and how long each may wait. */
const MAIN_POOL_QUEUE_LIMIT = 1000;
const MAIN_POOL_WAIT_MS = 15_000;

/**
 * DATABASE_URL when given; otherwise Atrium's own PostgreSQL in DATA_DIR. Migrated either way;
 * `statementTimeoutMs` then holds for every statement of the pool (none when absent).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<
      Pick<Config, 'databaseListenUrl' | 'databasePoolMode' | 'databasePoolSize' | 'statementTimeoutMs'>
    >,
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
  // Migrations run without a time limit, on a connection of their own: an index over millions of
  // rows, or the wait for another process's migrations (an advisory lock), may take minutes.
  const migrator = createDb(url, 1, { poolMode: config.databasePoolMode });
  try {
    await migrate(migrator);
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  } finally {
    await migrator.destroy();
  }
  const size = config.databasePoolSize ?? defaultPoolSize();
  const pool = createPool(url, size, {
    poolMode: config.databasePoolMode,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  const db = dbOver(new GatedPool(pool, size, MAIN_POOL_QUEUE_LIMIT, MAIN_POOL_WAIT_MS));
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
