import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Each demo department gets a manager: its longest-standing active staff member (lowest id), so
 * the Department Report names a real person of that department.
 */
export async function seedDepartmentManagers(db: Kysely<Database>): Promise<void> {
  await sql`
    UPDATE departments d SET manager_id = m.id
    FROM (
      SELECT DISTINCT ON (department_id) department_id, id
      FROM users
      WHERE active AND department_id IS NOT NULL
      ORDER BY department_id, (role = 'admin'), id
    ) m
    WHERE m.department_id = d.id AND d.manager_id IS NULL`.execute(db);
}
