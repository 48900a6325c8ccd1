import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/*
 * The sites' SQL. The first site (lowest id) is the organisation's own: its zone and work week are
 * the organisation settings' (organisation.repository, settings.repository write the same row).
 */

type Db = Kysely<Database>;

export interface SiteRow {
  id: number;
  name: string;
  time_zone: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  geofence_m: number | null;
  work_week: number[];
  is_first: boolean;
  departments: number;
  people: number;
  devices: number;
  cameras: number;
}

export type SiteValues = {
  name: string;
  time_zone: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  geofence_m: number | null;
  work_week: number[];
};

const count = (table: 'departments' | 'devices' | 'cameras') =>
  sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} t WHERE t.site_id = s.id)`;

/**
 * Sites with what belongs to them. People count on their effective site (their own, else their
 * department's, else the first), active people only: the list says who works there now.
 */
function sites(db: Db) {
  return db
    .with('people', (qb) =>
      qb
        .selectFrom('users as u')
        .leftJoin('departments as d', 'd.id', 'u.department_id')
        .where('u.active', '=', true)
        .select([
          sql<number>`coalesce(u.site_id, d.site_id, (SELECT min(id) FROM sites))`.as('site_id'),
          sql<number>`count(*)::int`.as('n'),
        ])
        .groupBy(sql`1`),
    )
    .selectFrom('sites as s')
    .leftJoin('people as p', 'p.site_id', 's.id')
    .select([
      's.id',
      's.name',
      's.time_zone',
      's.address',
      's.latitude',
      's.longitude',
      's.geofence_m',
      's.work_week',
      sql<boolean>`s.id = first_site()`.as('is_first'),
      count('departments').as('departments'),
      sql<number>`coalesce(p.n, 0)`.as('people'),
      count('devices').as('devices'),
      count('cameras').as('cameras'),
    ]);
}

export async function listSites(db: Db): Promise<SiteRow[]> {
  return sites(db).orderBy('s.id').execute();
}

export async function findSite(db: Db, id: number): Promise<SiteRow | undefined> {
  return sites(db).where('s.id', '=', id).executeTakeFirst();
}

/** The row alone, locked for the rest of the transaction (two edits of one site queue). */
export async function lockSite(db: Db, id: number) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'time_zone', 'address', 'latitude', 'longitude', 'geofence_m', 'work_week'])
    .select(sql<boolean>`id = first_site()`.as('is_first'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertSite(db: Db, values: SiteValues, at: Date): Promise<number> {
  const row = await db
    .insertInto('sites')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSite(db: Db, id: number, change: Partial<SiteValues>, at: Date): Promise<void> {
  await db
    .updateTable('sites')
    .set({ ...change, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteSite(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sites').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What still belongs to a site and keeps it from being removed (people by their own site only: the rest follow their department). */
export async function dependantsOf(db: Db, id: number) {
  const n = (table: 'departments' | 'users' | 'devices' | 'access_points' | 'cameras' | 'site_admins') =>
    sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} WHERE site_id = ${id})`;
  return db
    .selectNoFrom([
      n('departments').as('departments'),
      n('users').as('people'),
      n('devices').as('devices'),
      n('access_points').as('access_points'),
      n('cameras').as('cameras'),
      n('site_admins').as('administrators'),
    ])
    .executeTakeFirstOrThrow();
}
