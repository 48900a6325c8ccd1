import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { migrate } from './migrate';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-migrations-'));
  // Not repeatable (CREATE TABLE fails the second time), and slow enough for the starts to overlap.
  await writeFile(
    path.join(dir, '901_first.sql'),
    'CREATE TABLE test_first (id int PRIMARY KEY); SELECT pg_sleep(0.2);',
  );
  await writeFile(
    path.join(dir, '902_second.sql'),
    'CREATE TABLE test_second (id int REFERENCES test_first (id));',
  );
  await writeFile(path.join(dir, '903_third.sql'), 'INSERT INTO test_first VALUES (1);');
});
afterAll(async () => {
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('applies each file once, in order, when several processes start at once', async () => {
    // A pool each, as separate processes would have, through the run's pooler when it has one.
    const pools = [database.connect(2), database.connect(2), database.connect(2)];
    try {
      const runs = await Promise.all(pools.map((db) => migrate(db, dir)));
      expect(runs.flat().sort()).toEqual(['901_first.sql', '902_second.sql', '903_third.sql']);
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_first`.execute(database.db);
      expect(rows.rows[0]!.n).toBe(1);
      expect(await migrate(database.db, dir)).toEqual([]);
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });

  it('leaves no lock behind', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
      database.db,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
