import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { withDatabase } from './connection';
import { startEmbeddedPostgres } from './embedded';
import { isRunning, type Postmaster, readPostmaster } from './postmaster';

/** The embedded database's files in a DATA_DIR, as startEmbeddedPostgres lays them out. */
const databaseDirOf = (dataDir: string) => path.join(dataDir, 'pg');
const passwordFileOf = (dataDir: string) => path.join(dataDir, 'pg-password');
export const ownerLockOf = (dataDir: string) => path.join(dataDir, 'atrium.pid');

export function hasDatabase(dataDir: string): boolean {
  return existsSync(databaseDirOf(dataDir));
}

/** What runs on a DATA_DIR now: an Atrium (its lock file names a live process), its PostgreSQL. */
export async function dataDirUse(
  dataDir: string,
): Promise<{ atriumPid: number | undefined; postmaster: Postmaster | undefined }> {
  let atriumPid: number | undefined;
  try {
    const pid = Number((await readFile(ownerLockOf(dataDir), 'utf8')).trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) atriumPid = pid;
  } catch {
    // No lock file: no Atrium.
  }
  const postmaster = await readPostmaster(databaseDirOf(dataDir));
  return { atriumPid, postmaster: postmaster && isRunning(postmaster.pid) ? postmaster : undefined };
}

/**
 * A connection URL for the Atrium database in `dataDir`: the running server's when Atrium runs
 * (backups do not stop it), else a server started for the caller and stopped by `close`.
 */
export async function openDataDirDatabase(
  dataDir: string,
): Promise<{ url: string; running: boolean; close(): Promise<void> }> {
  if (!existsSync(path.join(databaseDirOf(dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no Atrium database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  const { postmaster } = await dataDirUse(dataDir);
  if (postmaster) {
    if (postmaster.port === undefined)
      throw new Error('The embedded PostgreSQL is starting; try again in a moment.');
    const password = (await readFile(passwordFileOf(dataDir), 'utf8')).trim();
    const url = `postgres://atrium:${encodeURIComponent(password)}@127.0.0.1:${postmaster.port}/atrium`;
    return { url, running: true, close: async () => {} };
  }
  const server = await startEmbeddedPostgres(dataDir, { watchMs: 0 });
  return { url: withDatabase(server.url, 'atrium'), running: false, close: server.stop };
}
