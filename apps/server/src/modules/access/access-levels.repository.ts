import type { AccessLevelDoor } from '@atrium/contract';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A level's doors with their schedules, as JSON (one statement lists levels or permissions). */
export function levelDoors(levelId: Expression<number>): RawBuilder<AccessLevelDoor[]> {
  return sql<AccessLevelDoor[]>`(
    SELECT COALESCE(jsonb_agg(jsonb_build_object(
      'access_point_id', p.id, 'access_point', p.name, 'days', d.days,
      'starts', to_char(d.starts, 'HH24:MI'), 'ends', to_char(d.ends, 'HH24:MI')) ORDER BY p.name), '[]')
    FROM access_level_doors d JOIN access_points p ON p.id = d.access_point_id
    WHERE d.level_id = ${levelId})`;
}

export async function listLevels(db: Kysely<Database>, id?: number) {
  let q = db.selectFrom('access_levels as l').select((eb) => [
    'l.id',
    'l.name',
    'l.description',
    levelDoors(eb.ref('l.id')).as('doors'),
    sql<number>`(SELECT count(*)::int FROM access_permissions p
        WHERE p.level_id = l.id AND p.department_id IS NOT NULL)`.as('department_grants'),
    sql<number>`(SELECT count(*)::int FROM access_permissions p
        WHERE p.level_id = l.id AND p.user_id IS NOT NULL)`.as('person_grants'),
  ]);
  if (id !== undefined) q = q.where('l.id', '=', id);
  return q.orderBy('l.name').execute();
}

export type LevelRow = Awaited<ReturnType<typeof listLevels>>[number];

export interface LevelDoorInput {
  access_point_id: number;
  days: number[];
  starts: string;
  ends: string;
}

export async function levelNameTaken(db: Kysely<Database>, name: string, exceptId?: number) {
  let q = db.selectFrom('access_levels').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that are no access point. */
export async function unknownPoints(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('access_points').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertLevel(db: Kysely<Database>, name: string, description: string) {
  return db
    .insertInto('access_levels')
    .values({ name, description })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateLevel(
  db: Kysely<Database>,
  id: number,
  change: { name?: string; description?: string },
) {
  return db
    .updateTable('access_levels')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export async function replaceLevelDoors(db: Kysely<Database>, levelId: number, doors: LevelDoorInput[]) {
  await db.deleteFrom('access_level_doors').where('level_id', '=', levelId).execute();
  if (doors.length === 0) return;
  await db
    .insertInto('access_level_doors')
    .values(doors.map((d) => ({ level_id: levelId, ...d })))
    .execute();
}

export async function deleteLevel(db: Kysely<Database>, id: number) {
  return db.deleteFrom('access_levels').where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}
