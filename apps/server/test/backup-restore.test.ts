import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/core/audit.repository';
import { readTimeZone, writeTimeZone } from '../src/core/settings.repository';
import { backupDatabase } from '../src/db/backup';
import { ArchiveReader, ArchiveWriter, type Progress, verifyBackup } from '../src/db/backup-archive';
import type { Db } from '../src/db/connection';
import { type OpenDatabase, openDatabase } from '../src/db/open';
import { restoreIntoDataDir } from '../src/db/restore-data-dir';
import { insertUsers } from '../src/modules/people/people.repository';
import { makeAccessEvents, makeDevice, makeHoliday, makeLeaveApplication, makeUsers } from './factories';

const cli = (name: string) => fileURLToPath(new URL(`../src/cli/${name}.ts`, import.meta.url));

function runCli(name: string, args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', cli(name), ...args], { env });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

const work = await mkdtemp(path.join(os.tmpdir(), 'atrium-backup-'));
const dirs = { source: path.join(work, 'source'), restored: path.join(work, 'restored') };
const backupFile = path.join(work, 'atrium.backup.gz');
let source: OpenDatabase;
let restored: OpenDatabase | undefined;

beforeAll(async () => {
  source = await openDatabase({ dataDir: dirs.source, databaseUrl: undefined });
});
afterAll(async () => {
  await restored?.close();
  await source.close();
  await rm(work, { recursive: true, force: true });
});

const tables = async (db: Db) =>
  (
    await sql<{
      name: string;
    }>`SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY relname`.execute(db)
  ).rows.map((r) => r.name);
const countRows = async (db: Db, table: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
const row = async (db: Db, table: string, id: number) =>
  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`.execute(db))
    .rows[0];

/** A person and the audit row of their creation, in one transaction: a backup has both or neither. */
async function writePair(db: Db, n: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const [user] = await insertUsers(trx, [
      {
        employeeNumber: `W-${n}`,
        badgeNumber: `WB-${n}`,
        firstName: 'Writer',
        lastName: n,
        email: `writer-${n}@example.test`,
        passwordHash: 'x',
        role: 'staff',
        departmentId: null,
      },
    ]);
    await recordAudit(trx, {
      actorUserId: null,
      action: 'test.writer',
      targetType: 'user',
      targetId: user!.id,
    });
    return user!.id;
  });
}

const writerCounts = async (db: Db) => ({
  users: Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE email LIKE 'writer-%'`.execute(db))
      .rows[0]!.n,
  ),
  audits: Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE action = 'test.writer'`.execute(db))
      .rows[0]!.n,
  ),
});

describe('backup and restore of the embedded database', () => {
  let kept: { user: number; leave: number; event: number };
  const writes = { before: 0, after: 0 };
  let markerId = 0;

  it('backs up a running database while it is written to, as of one moment', async () => {
    const db = source.db;
    const people = await makeUsers(db, 5, { department: 'Backup Team' });
    const leave = await makeLeaveApplication(db, {
      user: people[0]!,
      start: '2026-03-02',
      end: '2026-03-04',
    });
    const device = await makeDevice(db);
    // Two years back: a month whose partition the application made, not a migration.
    const events = await makeAccessEvents(db, [
      { device, at: '2024-05-06T08:00:00Z', user: people[1]! },
      { device, at: '2024-05-06T17:00:00Z', user: people[1]!, action: 'exit' },
      { device, at: new Date(), user: people[2]!, kind: 'denied' },
    ]);
    await writeTimeZone(db, 'Europe/Lisbon', new Date('2026-01-01T00:00:00Z'));
    await makeHoliday(db, '2026-12-25', 'Christmas');
    // Bulk, so the backup takes long enough for writes to land while it runs.
    await sql`INSERT INTO audit_log (action, details)
      SELECT 'test.bulk', jsonb_build_object('n', n, 'text', repeat('x', 200)) FROM generate_series(1, 150000) AS n`.execute(
      db,
    );
    kept = { user: people[0]!.id, leave: leave.id, event: events[0]!.id };

    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) await writePair(db, String(++written));
    })();
    while (written < 5) await new Promise((r) => setTimeout(r, 10));
    writes.before = (await writerCounts(db)).users;

    // Once the backup is under way in audit_log (before users), a marked pair commits.
    let marked: Promise<{ id: number; during: Progress }> | undefined;
    const progress: Progress[] = [];
    const result = await backupDatabase(source.url, backupFile, {
      atriumVersion: 'test',
      onProgress: (p) => {
        progress.push(p);
        if (p.table === 'audit_log' && !marked) {
          marked = writePair(db, 'marker').then((id) => ({ id, during: progress.at(-1)! }));
        }
      },
    });
    writing = false;
    await writer;
    const marker = await marked!;
    markerId = marker.id;
    writes.after = (await writerCounts(db)).users;

    expect(result.tables).toBe((await tables(db)).length);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(progress.at(-1)).toMatchObject({ tablesDone: result.tables, tablesTotal: result.tables });
    // The marker committed while audit_log was being read, long before users: only the snapshot
    // keeps it out of the backup.
    expect(marker.during.table < 'users').toBe(true);
    expect(writes.after).toBeGreaterThan(writes.before);

    const { reader, manifest } = await ArchiveReader.open(backupFile);
    reader.close();
    expect(manifest.migrations.length).toBeGreaterThan(20);
    expect(manifest.partitions.map((p) => p.name)).toContain('access_events_y2024m05');
  }, 120_000);

  it('refuses to restore onto a DATA_DIR whose Atrium runs, or a file that is not a backup', async () => {
    const running = await runCli('restore', [backupFile, '--force'], dirs.source);
    expect(running.code).toBe(1);
    expect(running.output).toMatch(/Atrium is running on .*\(process \d+\)\. Stop it before restoring\./);

    const garbage = path.join(work, 'garbage.gz');
    await writeFile(garbage, 'this is not a backup at all\n'.repeat(50));
    const empty = path.join(work, 'empty');
    const notBackup = await runCli('restore', [garbage], empty);
    expect(notBackup.code).toBe(1);
    expect(notBackup.output).toContain(
      `${garbage} is not an Atrium backup, or it is damaged: gzip: incorrect header check.`,
    );
    expect(existsSync(empty)).toBe(false);

    // Cut short: the whole file is read before anything is started.
    const cut = path.join(work, 'cut.gz');
    const { size } = await stat(backupFile);
    await copyFile(backupFile, cut);
    await truncate(cut, Math.floor(size * 0.6));
    await expect(restoreIntoDataDir(empty, cut)).rejects.toThrow(
      `${cut} is not an Atrium backup, or it is damaged: gzip: unexpected end of file.`,
    );
    expect(existsSync(empty)).toBe(false);
  }, 120_000);

  it('refuses a backup made by a newer Atrium', async () => {
    const { reader, manifest } = await ArchiveReader.open(backupFile);
    reader.close();
    const newer = path.join(work, 'newer.gz');
    const writer = new ArchiveWriter(newer);
    await writer.frame(
      'manifest',
      JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '999_future.sql'] }),
    );
    await writer.frame('summary', JSON.stringify({ rows: {}, finishedAt: manifest.createdAt }));
    await writer.close();
    await expect(restoreIntoDataDir(path.join(work, 'newer'), newer)).rejects.toThrow(
      'This backup was made by a newer Atrium (test): its migrations 999_future.sql are unknown here.',
    );
  });

  it('restores into a new DATA_DIR, where Atrium finds the data as it was backed up', async () => {
    await source.close();
    const result = await runCli('restore', [backupFile], dirs.restored);
    expect(result.output).toMatch(
      /^Restored \d+ tables, [\d,]+ rows \(\d+ migrations; backup of .* by Atrium test\) into /m,
    );
    expect(result.code).toBe(0);

    restored = await openDatabase({ dataDir: dirs.restored, databaseUrl: undefined });
    const db = restored.db;
    source = await openDatabase({ dataDir: dirs.source, databaseUrl: undefined });
    const summaryRows = (await verifyBackup(backupFile)).rowCounts;
    expect(await tables(db)).toEqual(await tables(source.db));
    for (const table of await tables(db))
      expect([table, await countRows(db, table)]).toEqual([table, summaryRows[table] ?? 0]);

    // Both halves of every pair, and only pairs committed before the backup's moment.
    const pairs = await writerCounts(db);
    expect(pairs.users).toBe(pairs.audits);
    expect(pairs.users).toBeGreaterThanOrEqual(writes.before);
    expect(pairs.users).toBeLessThan(writes.after);
    expect(await row(db, 'users', markerId)).toBeUndefined();

    expect(await row(db, 'users', kept.user)).toEqual(await row(source.db, 'users', kept.user));
    expect(await row(db, 'leave_applications', kept.leave)).toEqual(
      await row(source.db, 'leave_applications', kept.leave),
    );
    expect(await row(db, 'access_events', kept.event)).toEqual(
      await row(source.db, 'access_events', kept.event),
    );
    expect(await readTimeZone(db)).toBe('Europe/Lisbon');

    // New rows get fresh ids, past every id the backup holds.
    const maxUser = Number((await sql<{ m: number }>`SELECT max(id) AS m FROM users`.execute(db)).rows[0]!.m);
    expect(await writePair(db, 'after-restore')).toBeGreaterThan(maxUser);
    const maxAudit = Number(
      (await sql<{ m: string }>`SELECT max(id) AS m FROM audit_log`.execute(db)).rows[0]!.m,
    );
    await recordAudit(db, { actorUserId: null, action: 'test.after' });
    const after = await sql<{ id: string }>`SELECT id FROM audit_log WHERE action = 'test.after'`.execute(db);
    expect(Number(after.rows[0]!.id)).toBeGreaterThan(maxAudit);
  }, 120_000);

  it('replaces a database only with --force, keeping the one it replaced', async () => {
    await restored!.close();
    restored = undefined;
    await expect(restoreIntoDataDir(dirs.restored, backupFile)).rejects.toThrow(
      `${dirs.restored} already holds a database.`,
    );
    const forced = await restoreIntoDataDir(dirs.restored, backupFile, { force: true });
    expect(path.dirname(forced.replacedTo!)).toBe(dirs.restored);
    expect(existsSync(path.join(forced.replacedTo!, 'pg', 'PG_VERSION'))).toBe(true);
    expect(await readdir(dirs.restored)).toEqual(
      expect.arrayContaining(['pg', 'pg-password', path.basename(forced.replacedTo!)]),
    );
  }, 120_000);
});
