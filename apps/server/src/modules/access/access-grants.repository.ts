import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

function grantsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('access_permissions as g')
    .innerJoin('access_levels as l', 'l.id', 'g.level_id')
    .leftJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('departments as d', 'd.id', 'g.department_id')
    .select([
      'g.id',
      'g.level_id',
      'l.name as level_name',
      'g.user_id',
      'u.first_name',
      'u.last_name',
      'g.department_id',
      'd.name as department_name',
      'g.status',
      'g.valid_from',
      'g.valid_until',
    ]);
}

export type GrantRow = Awaited<ReturnType<ReturnType<typeof grantsQuery>['execute']>>[number];

/** Grants newest first, a page after `afterId`; filtered by level, person or department. */
export async function listGrants(
  db: Kysely<Database>,
  filter: { levelId?: number; userId?: number; departmentId?: number; afterId?: number; limit: number },
) {
  let q = grantsQuery(db);
  if (filter.levelId !== undefined) q = q.where('g.level_id', '=', filter.levelId);
  if (filter.userId !== undefined) q = q.where('g.user_id', '=', filter.userId);
  if (filter.departmentId !== undefined) q = q.where('g.department_id', '=', filter.departmentId);
  if (filter.afterId !== undefined) q = q.where('g.id', '<', filter.afterId);
  return q
    .orderBy('g.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

export async function findGrant(db: Kysely<Database>, id: number) {
  return grantsQuery(db).where('g.id', '=', id).executeTakeFirst();
}

export interface NewGrant {
  level_id: number;
  user_id: number | null;
  department_id: number | null;
  valid_from: string | null;
  valid_until: string | null;
  created_by: number;
}

/** The new grant's id, or undefined when the level is already granted to them. */
export async function insertGrant(db: Kysely<Database>, grant: NewGrant) {
  const row = await db
    .insertInto('access_permissions')
    .values(grant)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateGrant(
  db: Kysely<Database>,
  id: number,
  change: { status?: 'active' | 'suspended'; valid_from?: string | null; valid_until?: string | null },
) {
  return db
    .updateTable('access_permissions')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export async function deleteGrant(db: Kysely<Database>, id: number) {
  return db.deleteFrom('access_permissions').where('id', '=', id).returning('id').executeTakeFirst();
}
