import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Moves the attendance writers' appended changes into the per-department rollup (021) and answers
 * how many it moved. Readers see the same figures before and after; folding only keeps the
 * change log short, so summing it stays cheap.
 */
export async function foldDepartmentDays(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ moved: number }>`SELECT attendance_department_days_fold() AS moved`.execute(db);
  return Number(result.rows[0]?.moved ?? 0);
}
