import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveReader, type BackupManifest, type Progress, verifyBackup } from './backup-archive';
import { ensureDatabase, withDatabase } from './connection';
import { dataDirUse, hasDatabase, ownerLockOf } from './data-dir';
import { startEmbeddedPostgres, takeOwnerLock } from './embedded';
import { migrationFiles } from './migrate';
import { type RestoreResult, restoreDatabase, unknownMigrations } from './restore';

/** The files that make the embedded database; they move together. */
const DATABASE_FILES = ['pg', 'pg-password'];

export interface DataDirRestore extends RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was in DATA_DIR went (with force), to be deleted by the operator. */
  replacedTo: string | undefined;
}

/**
 * Restores a backup as DATA_DIR's embedded database, with Atrium stopped. The backup is loaded
 * into a new database beside the old one, and only a complete restore takes its place: a failure
 * at any point leaves DATA_DIR as it was. With `force`, the database that was there is kept in a
 * `replaced-<time>` folder rather than deleted.
 */
export async function restoreIntoDataDir(
  dataDir: string,
  file: string,
  options: {
    force?: boolean;
    onProgress?: (progress: Progress) => void;
    onStep?: (step: string) => void;
    signal?: AbortSignal;
  } = {},
): Promise<DataDirRestore> {
  const { reader, manifest } = await ArchiveReader.open(file);
  reader.close();
  const unknown = unknownMigrations(manifest, await migrationFiles());
  if (unknown.length > 0) {
    throw new Error(
      `This backup was made by a newer Atrium (${manifest.atriumVersion}): its migrations ${unknown.join(', ')} are unknown here. Restore it with that Atrium or a newer one.`,
    );
  }
  const { atriumPid, postmaster } = await dataDirUse(dataDir);
  if (atriumPid !== undefined || postmaster !== undefined) {
    throw new Error(
      `Atrium is running on ${dataDir} (${atriumPid !== undefined ? `process ${atriumPid}` : `its PostgreSQL, process ${postmaster!.pid}`}). Stop it before restoring.`,
    );
  }
  if (hasDatabase(dataDir) && !options.force) {
    throw new Error(
      `${dataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it (the current one is kept in a replaced-<time> folder there).`,
    );
  }
  options.onStep?.(`Checking ${file}`);
  await verifyBackup(file);

  await mkdir(dataDir, { recursive: true });
  const releaseLock = await takeOwnerLock(ownerLockOf(dataDir));
  const staging = path.join(dataDir, 'restore-staging');
  try {
    // A restore that was killed leaves its staging folder; it is nobody's.
    await rm(staging, { recursive: true, force: true });
    options.onStep?.(`Starting a new database in ${staging}`);
    const server = await startEmbeddedPostgres(staging, { watchMs: 0 });
    let result: RestoreResult;
    try {
      await ensureDatabase(server.url, 'atrium');
      const backup = await ArchiveReader.open(file);
      try {
        result = await restoreDatabase(withDatabase(server.url, 'atrium'), backup, options);
      } finally {
        backup.reader.close();
      }
      options.onStep?.('Stopping the new database and putting it in its place');
    } finally {
      await server.stop();
    }
    const replacedTo = hasDatabase(dataDir) ? await moveAside(dataDir) : undefined;
    for (const name of DATABASE_FILES) await rename(path.join(staging, name), path.join(dataDir, name));
    return { ...result, manifest, replacedTo };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await releaseLock();
  }
}

async function moveAside(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(folder);
  for (const name of DATABASE_FILES) {
    if (existsSync(path.join(dataDir, name))) await rename(path.join(dataDir, name), path.join(folder, name));
  }
  return folder;
}
