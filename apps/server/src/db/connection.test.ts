import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { createDb, type Db } from './connection';

// One connection, so the statements below run in one session whose state can be read back.
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 1);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('the connection pool', () => {
  it('runs its sessions without JIT from their first statement', async () => {
    const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(db);
    expect(rows[0]!.jit).toBe('off');
  });

  it('gives every statement of its sessions the time limit asked for, and none unless asked', async () => {
    const limited = createDb(database.url, 1, { statementTimeoutMs: 1500 });
    try {
      const { rows } = await sql<{
        limit: string;
      }>`SELECT current_setting('statement_timeout') AS limit`.execute(limited);
      expect(rows[0]!.limit).toBe('1500ms');
      await expect(sql`SELECT pg_sleep(3)`.execute(limited)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await limited.destroy();
    }
    const { rows } = await sql<{
      limit: string;
    }>`SELECT current_setting('statement_timeout') AS limit`.execute(db);
    expect(rows[0]!.limit).toBe('0');
  });

  it('prepares a statement marked "prepared" once per session and runs it with its own values', async () => {
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`/* prepared: test_marked */ SELECT ${n}::int AS n`.execute(
        db,
      );
      expect(rows[0]!.n).toBe(n);
    }
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM pg_prepared_statements`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(['test_marked']);
  });

  it('behind a transaction-mode pooler, runs a marked statement unprepared and sends no session options', async () => {
    // On the server directly: what the pool sends is the same, and its session can be read back.
    const pooled = createDb(database.url, 1, { poolMode: 'transaction' });
    try {
      const { rows } = await sql<{ n: number }>`/* prepared: test_marked */ SELECT ${7}::int AS n`.execute(
        pooled,
      );
      expect(rows[0]!.n).toBe(7);
      const prepared = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(pooled);
      expect(prepared.rows).toEqual([]);
      const jit = await sql<{ source: string }>`SELECT source FROM pg_settings WHERE name = 'jit'`.execute(
        pooled,
      );
      expect(jit.rows[0]!.source).not.toBe('client');
    } finally {
      await pooled.destroy();
    }
  });
});
