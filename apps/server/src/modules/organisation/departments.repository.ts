import type { DepartmentManager } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { departmentColumns } from '../people/people.repository';

export interface DepartmentRow {
  id: number;
  name: string;
  manager_id: number | null;
  parent_id: number | null;
}

export interface DepartmentSummaryRow {
  id: number;
  name: string;
  managers: DepartmentManager[];
  parent_id: number | null;
  people: number;
  active_people: number;
  site_id: number;
  site: string;
}

/** The managers of `departments d` in order, as [{id, name}] (json). */
const managersOf = sql<DepartmentManager[]>`coalesce((
    SELECT json_agg(json_build_object('id', m.id, 'name', m.first_name || ' ' || m.last_name) ORDER BY dm.position)
    FROM department_managers dm JOIN users m ON m.id = dm.user_id WHERE dm.department_id = d.id), '[]')`;

/** Departments by name with their managers and head counts (one grouped pass over users). */
export async function departmentSummaries(db: Kysely<Database>): Promise<DepartmentSummaryRow[]> {
  const result = await sql<DepartmentSummaryRow>`
    SELECT d.id, d.name, d.parent_id, ${managersOf} AS managers,
           coalesce(n.people, 0)::int AS people, coalesce(n.active_people, 0)::int AS active_people,
           d.site_id, s.name AS site
    FROM departments d
    JOIN sites s ON s.id = d.site_id
    LEFT JOIN (SELECT department_id, count(*) AS people, count(*) FILTER (WHERE active) AS active_people
               FROM users WHERE department_id IS NOT NULL GROUP BY department_id) n ON n.department_id = d.id
    ORDER BY d.name, d.id`.execute(db);
  return result.rows;
}

/** A department's managers in order. */
export async function departmentManagers(db: Kysely<Database>, id: number): Promise<DepartmentManager[]> {
  const result = await sql<{ managers: DepartmentManager[] }>`
    SELECT ${managersOf} AS managers FROM departments d WHERE d.id = ${id}`.execute(db);
  return result.rows[0]?.managers ?? [];
}

/** Replaces a department's managers with `userIds`, in that order. */
export async function replaceDepartmentManagers(
  db: Kysely<Database>,
  id: number,
  userIds: readonly number[],
) {
  await db.deleteFrom('department_managers').where('department_id', '=', id).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('department_managers')
    .values(userIds.map((userId, position) => ({ department_id: id, user_id: userId, position })))
    .execute();
}

/** Of these people, the ids of those who are active. */
export async function activePeopleAmong(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Everyone who manages some department: their reach follows any change of the tree. */
export async function allManagerIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('department_managers').select('user_id').distinct().execute();
  return rows.map((r) => r.user_id);
}

/** Another department of that name, whatever its letter case. */
export async function findDepartmentNamed(db: Kysely<Database>, name: string, exceptId?: number) {
  let query = db
    .selectFrom('departments')
    .select(departmentColumns)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function lockDepartment(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('departments')
    .select(departmentColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Changes to the tree wait for each other (the mode conflicts with itself), so two moves that
 * each leave no loop cannot together make one. Reads are not held up.
 */
export async function lockDepartmentTree(db: Kysely<Database>): Promise<void> {
  await sql`LOCK TABLE departments IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}

/** The department and those it sits inside, from it up to the top: [id, its parent, ...]. */
export async function departmentChain(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; name: string }[]> {
  const result = await sql<{ id: number; name: string }>`
    WITH RECURSIVE chain (id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM departments WHERE id = ${id}
      UNION ALL
      SELECT d.id, d.name, d.parent_id, c.depth + 1 FROM departments d JOIN chain c ON d.id = c.parent_id
    ) CYCLE id SET looped USING path
    SELECT id, name FROM chain WHERE NOT looped ORDER BY depth`.execute(db);
  return result.rows;
}

/** The names of the departments directly inside `id`. */
export async function subDepartmentNames(db: Kysely<Database>, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('departments')
    .select('name')
    .where('parent_id', '=', id)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

export async function setDepartmentParent(db: Kysely<Database>, id: number, parentId: number | null) {
  return db
    .updateTable('departments')
    .set({ parent_id: parentId })
    .where('id', '=', id)
    .returning(departmentColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Inserting a department also gives it its first schedule (a database trigger, with its site's
 * work week); without a site it is at the organisation's first.
 */
export async function insertDepartment(db: Kysely<Database>, name: string, siteId?: number) {
  return db
    .insertInto('departments')
    .values({ name, ...(siteId === undefined ? {} : { site_id: siteId }) })
    .returning(departmentColumns)
    .executeTakeFirstOrThrow();
}

/** Renames a department and, when `siteId` is given, moves it to that site. */
export async function updateDepartment(db: Kysely<Database>, id: number, name: string, siteId?: number) {
  return db
    .updateTable('departments')
    .set({ name, ...(siteId === undefined ? {} : { site_id: siteId }) })
    .where('id', '=', id)
    .returning(departmentColumns)
    .executeTakeFirstOrThrow();
}

/** Everyone in the department, disabled people included. */
export async function departmentHeadcount(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('people'),
      sql<number>`count(*) FILTER (WHERE active)`.as('active'),
    ])
    .where('department_id', '=', id)
    .executeTakeFirstOrThrow();
  return { people: Number(row.people), active: Number(row.active) };
}

/** Its schedule versions and access permissions go with it (ON DELETE CASCADE). */
export async function deleteDepartment(db: Kysely<Database>, id: number) {
  await db.deleteFrom('departments').where('id', '=', id).execute();
}

export interface VersionRow {
  department_id: number;
  department_name: string;
  effective_from: string;
  start_time: string;
  end_time: string;
  grace_minutes: number;
  workdays: number[];
}

/** Every schedule version, by department name then newest first. */
export async function allScheduleVersions(
  db: Kysely<Database>,
  departmentId?: number,
): Promise<VersionRow[]> {
  let query = db
    .selectFrom('work_schedules as ws')
    .innerJoin('departments as d', 'd.id', 'ws.department_id')
    .select([
      'ws.department_id',
      'd.name as department_name',
      'ws.effective_from',
      'ws.start_time',
      'ws.end_time',
      'ws.grace_minutes',
      'ws.workdays',
    ]);
  if (departmentId !== undefined) query = query.where('ws.department_id', '=', departmentId);
  return query.orderBy('d.name').orderBy('d.id').orderBy('ws.effective_from', 'desc').execute();
}

export interface NewVersion {
  effective_from: string;
  start_time: string;
  end_time: string;
  grace_minutes: number;
  workdays: number[];
}

/** The version in force from that date; a second change on the same date replaces the first. */
export async function upsertScheduleVersion(db: Kysely<Database>, departmentId: number, version: NewVersion) {
  await db
    .insertInto('work_schedules')
    .values({ department_id: departmentId, ...version })
    .onConflict((oc) =>
      oc.columns(['department_id', 'effective_from']).doUpdateSet({
        start_time: version.start_time,
        end_time: version.end_time,
        grace_minutes: version.grace_minutes,
        workdays: version.workdays,
      }),
    )
    .execute();
}
