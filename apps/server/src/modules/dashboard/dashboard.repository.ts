import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function countActivePeople(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPresentOn(db: Kysely<Database>, date: string): Promise<number> {
  const row = await db
    .selectFrom('attendance_records as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.date', '=', date)
    .where('u.active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Milliseconds for a trivial round trip, or null when the database does not answer. */
export async function databaseLatency(db: Kysely<Database>): Promise<number | null> {
  const started = performance.now();
  try {
    await sql`SELECT 1`.execute(db);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}
