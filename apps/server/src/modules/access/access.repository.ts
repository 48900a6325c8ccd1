import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import { levelDoors } from './access-levels.repository';

/** A keyset position: the (time, id) of the last row of the previous page. */
export interface After {
  at: Date;
  id: number;
}

export interface PassageFilter {
  /** Granted passages, denied attempts, or both. */
  kinds: readonly ('granted' | 'denied')[];
  userId?: number;
  accessPointId?: number;
  /** Events of this site's devices. */
  siteId?: number;
  action?: 'entry' | 'exit';
  /** Substring of the person's name or the access point's name, any case. */
  search?: string;
  from?: Date;
  to?: Date;
  after?: After;
  limit: number;
}

/**
 * Granted passages and/or denied attempts, newest first, one keyset page (plus one row to tell
 * whether more exist). Each kind set has its partial indexes (006, 011, 038).
 */
export async function listPassages(db: Kysely<Database>, f: PassageFilter) {
  let q = db
    .selectFrom('access_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('access_points as p', 'p.id', 'e.access_point_id')
    .select([
      'e.id',
      'e.user_id',
      'u.first_name',
      'u.last_name',
      'd.name as department_name',
      'e.action',
      'e.kind',
      sql<string>`COALESCE(p.name, e.device_code)`.as('access_point'),
      'e.device_code as device_id',
      'e.occurred_at',
      'e.card_no',
      'e.verify_mode',
      sql<boolean>`e.picture_path IS NOT NULL`.as('has_picture'),
      sql<
        number | null
      >`(SELECT c.id FROM cameras c WHERE c.access_point_id = e.access_point_id ORDER BY c.id LIMIT 1)`.as(
        'camera_id',
      ),
    ])
    // Both kinds as a literal, so that the partial indexes' predicate is proved at any plan.
    .where(
      f.kinds.length === 1
        ? sql<boolean>`e.kind = ${f.kinds[0]}`
        : sql<boolean>`e.kind IN ('granted', 'denied')`,
    );
  if (f.userId !== undefined) q = q.where('e.user_id', '=', f.userId);
  if (f.accessPointId !== undefined) q = q.where('e.access_point_id', '=', f.accessPointId);
  if (f.siteId !== undefined)
    q = q.where('e.device_ref', 'in', (eb) =>
      eb.selectFrom('devices as sd').select('sd.id').where('sd.site_id', '=', f.siteId!),
    );
  if (f.action) q = q.where('e.action', '=', f.action);
  if (f.from) q = q.where('e.occurred_at', '>=', f.from);
  if (f.to) q = q.where('e.occurred_at', '<', f.to);
  if (f.search) {
    const pattern = containsPattern(f.search);
    // Matching people and doors first: both lists are small, and the index on the events does the rest.
    q = q.where((eb) =>
      eb.or([
        eb(
          'e.user_id',
          'in',
          eb
            .selectFrom('users as su')
            .select('su.id')
            .where(sql<boolean>`su.first_name || ' ' || su.last_name ILIKE ${pattern}`),
        ),
        eb(
          'e.access_point_id',
          'in',
          eb.selectFrom('access_points as sp').select('sp.id').where(sql<boolean>`sp.name ILIKE ${pattern}`),
        ),
      ]),
    );
  }
  if (f.after) q = q.where(sql<boolean>`(e.occurred_at, e.id) < (${f.after.at}, ${f.after.id})`);
  return q
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

export type PassageRow = Awaited<ReturnType<typeof listPassages>>[number];

/** Any event of one device, newest first. */
export async function listDeviceEvents(
  db: Kysely<Database>,
  deviceRef: number,
  after: After | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('access_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('access_points as p', 'p.id', 'e.access_point_id')
    .select([
      'e.id',
      'e.kind',
      'e.action',
      'e.major',
      'e.minor',
      'e.device_code',
      'p.name as access_point',
      'e.user_id',
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`.as(
        'name',
      ),
      'e.card_no',
      'e.verify_mode',
      'e.backlog',
      sql<boolean>`e.picture_path IS NOT NULL`.as('has_picture'),
      'e.occurred_at',
      'e.received_at',
    ])
    .where('e.device_ref', '=', deviceRef);
  if (after) q = q.where(sql<boolean>`(e.occurred_at, e.id) < (${after.at}, ${after.id})`);
  return q
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export type DeviceEventRow = Awaited<ReturnType<typeof listDeviceEvents>>[number];

export async function findEventPicture(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('access_events')
    .select(['id', 'user_id', 'picture_path'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPresence(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('access_presence as a')
    .leftJoin('access_points as p', 'p.id', 'a.access_point_id')
    .select(['a.last_action', 'a.last_at', 'p.name as access_point'])
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Door figures of a day over every site, each site counting its own local day (056): of one date,
 * or of each site's own date (its today, for the organisation's "today").
 */
export async function dailyCounts(
  db: Kysely<Database>,
  day: string | readonly { siteId: number; date: string }[],
) {
  const which =
    typeof day === 'string'
      ? sql`c.day = ${day}::date`
      : sql`(c.day, c.site_id) IN (SELECT * FROM unnest(${day.map((d) => d.date)}::date[], ${day.map((d) => d.siteId)}::int[]))`;
  const result = await sql<{ entries: number; exits: number; denied: number; alarms: number }>`
    SELECT coalesce(sum(c.entries), 0)::int AS entries, coalesce(sum(c.exits), 0)::int AS exits,
           coalesce(sum(c.denied), 0)::int AS denied, coalesce(sum(c.alarms), 0)::int AS alarms
    FROM access_daily_counts c WHERE ${which}`.execute(db);
  return { day: typeof day === 'string' ? day : day[0]!.date, ...result.rows[0]! };
}

/** A person's granted entries since `since`. */
export async function countEntriesSince(db: Kysely<Database>, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('access_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'granted')
    .where('action', '=', 'entry')
    .where('occurred_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The person's permissions: their own and their department's, with the level and its doors. */
export async function permissionsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('access_permissions as ap')
    .innerJoin('access_levels as a', 'a.id', 'ap.level_id')
    .select((eb) => [
      levelDoors(eb.ref('ap.level_id')).as('doors'),
      'ap.id',
      'a.name as area_name',
      'a.description',
      'ap.status',
      'ap.user_id',
      'ap.valid_from',
      'ap.valid_until',
    ])
    .where((eb) =>
      eb.or([
        eb('ap.user_id', '=', userId),
        eb('ap.department_id', '=', eb.selectFrom('users').select('department_id').where('id', '=', userId)),
      ]),
    )
    .orderBy('a.name')
    .orderBy('ap.id')
    .execute();
}

export type PermissionRow = Awaited<ReturnType<typeof permissionsOf>>[number];

export async function findBadgeHolder(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'employee_number', 'badge_number', 'active'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setBadge(db: Kysely<Database>, userId: number, badge: string) {
  return db
    .updateTable('users')
    .set({ badge_number: badge })
    .where('id', '=', userId)
    .returning(['id', 'employee_number', 'badge_number'])
    .executeTakeFirst();
}

export async function badgeTaken(
  db: Kysely<Database>,
  badge: string,
  exceptUserId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('badge_number', '=', badge)
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}
