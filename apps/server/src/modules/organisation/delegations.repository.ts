import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface DelegationRow {
  delegate_id: number;
  delegate_name: string;
  starts_on: string;
  ends_on: string;
}

/** A manager's delegation that has not ended by `today`, with the delegate's name. */
export async function delegationOf(
  db: Db,
  managerId: number,
  today: string,
): Promise<DelegationRow | undefined> {
  return db
    .selectFrom('delegations as g')
    .innerJoin('users as u', 'u.id', 'g.delegate_id')
    .select([
      'g.delegate_id',
      sql<string>`u.first_name || ' ' || u.last_name`.as('delegate_name'),
      'g.starts_on',
      'g.ends_on',
    ])
    .where('g.manager_id', '=', managerId)
    .where('g.ends_on', '>=', today)
    .executeTakeFirst();
}

/** The delegate of any delegation of the manager's, ended or not (whose standing a change moves). */
export async function anyDelegateOf(db: Db, managerId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('delegations')
    .select('delegate_id')
    .where('manager_id', '=', managerId)
    .executeTakeFirst();
  return row?.delegate_id;
}

export async function putDelegation(
  db: Db,
  row: { manager_id: number; delegate_id: number; starts_on: string; ends_on: string },
): Promise<void> {
  await db
    .insertInto('delegations')
    .values(row)
    .onConflict((oc) =>
      oc.column('manager_id').doUpdateSet({
        delegate_id: row.delegate_id,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
        created_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteDelegation(db: Db, managerId: number): Promise<void> {
  await db.deleteFrom('delegations').where('manager_id', '=', managerId).execute();
}

/** Whether the person manages a department themselves (not through a delegation). */
export async function managesDepartment(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('department_managers')
    .select('department_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The manager a decision by `deciderId` on a person of `departmentId` is made for on `today`:
 * one who handed them their approvals for a period holding `today` and whose team holds the
 * department, when the decider's own team does not. Undefined when they decide for themselves.
 */
export async function delegatorFor(
  db: Db,
  deciderId: number,
  departmentId: number | null,
  today: string,
): Promise<number | undefined> {
  if (departmentId === null) return undefined;
  const subtree = (manager: ReturnType<typeof sql>) => sql`(
    WITH RECURSIVE t (id) AS (
      SELECT dm.department_id FROM department_managers dm WHERE dm.user_id = ${manager}
      UNION
      SELECT d.id FROM departments d JOIN t ON d.parent_id = t.id)
    SELECT id FROM t)`;
  const result = await sql<{ manager_id: number }>`
    SELECT g.manager_id FROM delegations g
    WHERE g.delegate_id = ${deciderId} AND ${today}::date BETWEEN g.starts_on AND g.ends_on
      AND ${departmentId}::int NOT IN ${subtree(sql`${deciderId}::int`)}
      AND ${departmentId}::int IN ${subtree(sql`g.manager_id`)}
    ORDER BY g.manager_id
    LIMIT 1`.execute(db);
  return result.rows[0]?.manager_id;
}

/** Whether `managerId` handed `delegateId` their approvals for a period holding `today`. */
export async function holdsApprovalsOf(
  db: Db,
  delegateId: number,
  managerId: number,
  today: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('delegations')
    .select('manager_id')
    .where('manager_id', '=', managerId)
    .where('delegate_id', '=', delegateId)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .executeTakeFirst();
  return row !== undefined;
}

/** The managers who handed `delegateId` their approvals for a period holding `today`. */
export async function delegatorsOf(db: Db, delegateId: number, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('delegations')
    .select('manager_id')
    .where('delegate_id', '=', delegateId)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .execute();
  return rows.map((r) => r.manager_id);
}
