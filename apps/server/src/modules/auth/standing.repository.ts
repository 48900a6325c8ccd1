import type { SessionRole } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The departments the person of the users row `u` manages on the organisation's date `today`:
 * their own, and those of the managers who handed them their approvals for a period that holds
 * `today` (031).
 */
const managedOn = (today: string) => sql`(
    SELECT dm.department_id FROM department_managers dm WHERE dm.user_id = u.id
    UNION
    SELECT dm.department_id FROM delegations g JOIN department_managers dm ON dm.user_id = g.manager_id
    WHERE g.delegate_id = u.id AND ${today}::date BETWEEN g.starts_on AND g.ends_on)`;

/**
 * The role the person of the users row `u` acts in on `today`: a staff member who manages a
 * department (or holds a manager's approvals), or is an active person's own leave approver, acts
 * as a manager; an administrator stays one. Read with the session, so it follows the
 * department's managers at once (department_managers_user_idx, delegations_delegate_idx,
 * users_leave_approver_idx).
 */
export const actingRole = (today: string) =>
  sql<SessionRole>`(CASE WHEN u.role = 'staff' AND (EXISTS ${managedOn(today)}
    OR EXISTS (SELECT 1 FROM users p WHERE p.leave_approver_id = u.id AND p.active))
    THEN 'manager' ELSE u.role END)`;

/**
 * The departments the person of `u` manages on `today` and every department below them, or null
 * when they manage none: a manager's reach (policies' `team`).
 */
export const teamDepartmentIds = (today: string) => sql<number[] | null>`(
  WITH RECURSIVE team (id) AS (
    ${managedOn(today)}
    UNION
    SELECT d.id FROM departments d JOIN team ON d.parent_id = team.id
  )
  SELECT array_agg(id ORDER BY id) FROM team)`;

/**
 * The next date after `today` on which a delegation to the person of `u` begins or has ended,
 * as YYYY-MM-DD, or null: a cached session is read again from then on.
 */
export const standingChangesOn = (today: string) => sql<string | null>`(
  SELECT to_char(min(CASE WHEN g.starts_on > ${today}::date THEN g.starts_on ELSE g.ends_on + 1 END), 'YYYY-MM-DD')
  FROM delegations g WHERE g.delegate_id = u.id AND g.ends_on >= ${today}::date)`;

/** The people of the departments `userId` manages on `today` and of every department below them. */
export async function teamMemberIds(db: Kysely<Database>, userId: number, today: string): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE team (id) AS (
      SELECT dm.department_id FROM department_managers dm WHERE dm.user_id = ${userId}
      UNION
      SELECT dm.department_id FROM delegations g JOIN department_managers dm ON dm.user_id = g.manager_id
      WHERE g.delegate_id = ${userId} AND ${today}::date BETWEEN g.starts_on AND g.ends_on
      UNION
      SELECT d.id FROM departments d JOIN team ON d.parent_id = team.id
    )
    SELECT u.id FROM users u WHERE u.department_id IN (SELECT id FROM team)`.execute(db);
  return result.rows.map((r) => r.id);
}
