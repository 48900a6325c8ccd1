import { open, rename, rm } from 'node:fs/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  type BackupManifest,
  countRows,
  type Progress,
} from './backup-archive';
import { readMigrations, readPartitions, readSequences, readTables, setCopyFormat } from './catalog';

export interface BackupResult {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  migrations: number;
}

/** Rows of COPY text travel in frames of about this size (COPY sends one message per row). */
const FRAME_BYTES = 256 * 1024;

/**
 * Writes a backup of the Atrium database at `url` to `file`, while the application goes on
 * writing: one REPEATABLE READ transaction sees every table as of one moment. The file appears
 * only once complete (it is written beside it first), so a failed backup leaves nothing behind.
 */
export async function backupDatabase(
  url: string,
  file: string,
  options: { atriumVersion: string; onProgress?: (progress: Progress) => void; signal?: AbortSignal },
): Promise<BackupResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'atrium-backup' });
  await client.connect();
  const onAbort = () => void client.end();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const partial = `${file}.partial`;
  let writer: ArchiveWriter | undefined;
  try {
    await setCopyFormat(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = await readMigrations(client);
    if (!migrations)
      throw new Error('This database holds no Atrium data (it has no schema_migrations table).');
    const tables = await readTables(client);
    // No migration may change a table under the backup; the application's reads and writes go on.
    await client.query(
      `LOCK TABLE ${tables.map((t) => client.escapeIdentifier(t.name)).join(', ')} IN ACCESS SHARE MODE`,
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      atriumVersion: options.atriumVersion,
      createdAt: new Date().toISOString(),
      serverVersion: (await client.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v,
      migrations,
      tables,
      partitions: await readPartitions(client),
      // Read inside the snapshot, so each is at least the highest id any row in it holds.
      sequences: await readSequences(client),
    };
    writer = new ArchiveWriter(partial);
    await writer.frame('manifest', JSON.stringify(manifest));

    const counts: Record<string, number> = {};
    let total = 0;
    for (const [index, table] of tables.entries()) {
      await writer.frame('table', JSON.stringify({ name: table.name }));
      const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const rows = client.query(copyTo(`COPY ${client.escapeIdentifier(table.name)} (${columns}) TO STDOUT`));
      let count = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const payload = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        count += countRows(payload);
        await writer!.frame('rows', payload);
        options.onProgress?.({
          table: table.name,
          tablesDone: index,
          tablesTotal: tables.length,
          rows: total + count,
        });
      };
      for await (const chunk of rows as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= FRAME_BYTES) await flush();
      }
      await flush();
      counts[table.name] = count;
      total += count;
      options.onProgress?.({
        table: table.name,
        tablesDone: index + 1,
        tablesTotal: tables.length,
        rows: total,
      });
    }
    await writer.frame('summary', JSON.stringify({ rows: counts, finishedAt: new Date().toISOString() }));
    await writer.close();
    await client.query('COMMIT');
    const handle = await open(partial, 'r');
    const { size } = await handle.stat();
    // On disk before it takes its name: a crash right after must not leave a named, empty file.
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return { file, tables: tables.length, rows: total, bytes: size, migrations: migrations.length };
  } catch (error) {
    await writer?.abort();
    await rm(partial, { force: true });
    if (options.signal?.aborted) throw new Error('The backup was interrupted; no file was written.');
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await client.end().catch(() => {});
  }
}
