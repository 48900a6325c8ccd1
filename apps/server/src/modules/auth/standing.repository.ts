import type { SessionRole } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The role the person of the users row `u` acts in: a staff member who manages a department acts
 * as a manager (an administrator stays one). Read with the session, so it follows the
 * department's managers at once (department_managers_user_idx).
 */
export const actingRole = sql<SessionRole>`(CASE WHEN u.role = 'staff' AND EXISTS (
    SELECT 1 FROM department_managers dm WHERE dm.user_id = u.id) THEN 'manager' ELSE u.role END)`;

/**
 * The departments the person of `u` manages and every department below them, or null when they
 * manage none: a manager's reach (policies' `team`).
 */
export const teamDepartmentIds = sql<number[] | null>`(
  WITH RECURSIVE team (id) AS (
    SELECT dm.department_id FROM department_managers dm WHERE dm.user_id = u.id
    UNION
    SELECT d.id FROM departments d JOIN team ON d.parent_id = team.id
  )
  SELECT array_agg(id ORDER BY id) FROM team)`;

/** The people of the departments `userId` manages and of every department below them. */
export async function teamMemberIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE team (id) AS (
      SELECT dm.department_id FROM department_managers dm WHERE dm.user_id = ${userId}
      UNION
      SELECT d.id FROM departments d JOIN team ON d.parent_id = team.id
    )
    SELECT u.id FROM users u WHERE u.department_id IN (SELECT id FROM team)`.execute(db);
  return result.rows.map((r) => r.id);
}
