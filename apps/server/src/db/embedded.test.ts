import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-embedded-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a start, and refuses a second owner', async () => {
    const first = await startEmbeddedPostgres(dir);
    expect(first.url).not.toContain(':5432/');
    await query(first.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
    await expect(startEmbeddedPostgresFromAnotherProcess()).resolves.toMatch(
      /Another Atrium \(process \d+\) is using/,
    );
    await first.stop();

    const second = await startEmbeddedPostgres(dir);
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    await second.stop();
  }, 60_000);

  it('is reached over a Unix socket beside its files, and over TCP on loopback', async () => {
    const db = await startEmbeddedPostgres(dir);
    try {
      // inet_server_addr() is NULL on a Unix-socket connection.
      expect(await query(db.url, 'SELECT inet_server_addr() AS addr')).toEqual([{ addr: null }]);
      const socketDir = new URL(db.url).searchParams.get('host')!;
      expect(socketDir).toBe(path.join(dir, 'pg'));
      const tcp = new URL(db.url);
      tcp.search = '';
      tcp.hostname = '127.0.0.1';
      expect(await query(tcp.toString(), 'SELECT inet_server_addr()::text AS addr')).toEqual([
        { addr: '127.0.0.1/32' },
      ]);
    } finally {
      await db.stop();
    }
  }, 60_000);
});

/** A lock held by a live process other than ours must refuse the start. */
async function startEmbeddedPostgresFromAnotherProcess(): Promise<string> {
  const { writeFile, readFile } = await import('node:fs/promises');
  const lock = path.join(dir, 'atrium.pid');
  const ours = await readFile(lock, 'utf8');
  await writeFile(lock, `${process.ppid}\n`);
  try {
    await startEmbeddedPostgres(dir);
    return 'started';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await writeFile(lock, ours);
  }
}
