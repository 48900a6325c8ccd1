import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A public holiday as stored, with its site's name (null: a holiday of every site). */
export interface HolidayRow {
  id: number;
  date: string;
  name: string;
  site_id: number | null;
  site: string | null;
}

/** A holiday to write: null site_id for every site. */
export interface HolidayInput {
  date: string;
  name: string;
  site_id: number | null;
}

function selectHolidays(db: Db) {
  return db
    .selectFrom('public_holidays as h')
    .leftJoin('sites as s', 's.id', 'h.site_id')
    .select(['h.id', 'h.date', 'h.name', 'h.site_id', 's.name as site']);
}

/** A year's holidays by date; with `siteId`, that site's and every site's. */
export async function listHolidays(db: Db, year: number, siteId?: number | null): Promise<HolidayRow[]> {
  let query = selectHolidays(db)
    .where('h.date', '>=', `${year}-01-01`)
    .where('h.date', '<=', `${year}-12-31`);
  if (siteId != null)
    query = query.where((eb) => eb.or([eb('h.site_id', 'is', null), eb('h.site_id', '=', siteId)]));
  return query.orderBy('h.date').orderBy('s.name').execute();
}

export async function findHoliday(db: Db, id: number): Promise<HolidayRow | undefined> {
  return selectHolidays(db).where('h.id', '=', id).executeTakeFirst();
}

/** The site whose holidays a person keeps (personSite), or undefined for no such person. */
export async function siteOfPerson(db: Db, userId: number): Promise<number | undefined> {
  const row = await sql<{ site_id: number }>`SELECT ${personSite(userId)} AS site_id`.execute(db);
  return row.rows[0]?.site_id ?? undefined;
}

/** The name of a site, or undefined when there is none by that id. */
export async function siteName(db: Db, siteId: number): Promise<string | undefined> {
  const row = await db.selectFrom('sites').select('name').where('id', '=', siteId).executeTakeFirst();
  return row?.name;
}

/**
 * Holiday writes one at a time, so the check that a date is free for a site and the write that
 * takes it cannot interleave with another's (the unique index alone lets an every-site holiday
 * and a one-site holiday share a date). Held until the transaction ends.
 */
const HOLIDAY_WRITE_LOCK = 7_150_302;

export async function lockHolidayWrites(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${HOLIDAY_WRITE_LOCK})`.execute(db);
}

/**
 * Whether `date` already has a holiday that applies at `siteId` (null: at any site), other than
 * `exceptId`: one of every site, one of that site, or for every site any holiday that day.
 */
export async function dateTakenFor(
  db: Db,
  date: string,
  siteId: number | null,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('public_holidays').select('id').where('date', '=', date);
  if (siteId !== null)
    query = query.where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertHoliday(db: Db, input: HolidayInput): Promise<HolidayRow> {
  const { id } = await db
    .insertInto('public_holidays')
    .values(input)
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findHoliday(db, id))!;
}

export async function updateHoliday(
  db: Db,
  id: number,
  input: HolidayInput,
): Promise<HolidayRow | undefined> {
  const row = await db
    .updateTable('public_holidays')
    .set(input)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row && findHoliday(db, id);
}

export async function deleteHoliday(db: Db, id: number): Promise<HolidayRow | undefined> {
  const removed = await findHoliday(db, id);
  if (removed) await db.deleteFrom('public_holidays').where('id', '=', id).execute();
  return removed;
}

/**
 * Inserts the holidays whose date is still free at their site (see dateTakenFor); answers the ones
 * written. The caller holds lockHolidayWrites.
 */
export async function insertFreeHolidays(db: Db, holidays: HolidayInput[]): Promise<HolidayRow[]> {
  if (holidays.length === 0) return [];
  const written = await sql<{ id: number }>`
    INSERT INTO public_holidays (date, name, site_id)
    SELECT c.date, c.name, c.site_id
    FROM unnest(${holidays.map((h) => h.date)}::date[], ${holidays.map((h) => h.name)}::text[],
                ${holidays.map((h) => h.site_id)}::int[]) AS c (date, name, site_id)
    WHERE NOT EXISTS (SELECT 1 FROM public_holidays p WHERE p.date = c.date
                        AND (p.site_id IS NULL OR c.site_id IS NULL OR p.site_id = c.site_id))
    RETURNING id`.execute(db);
  if (written.rows.length === 0) return [];
  return selectHolidays(db)
    .where(
      'h.id',
      'in',
      written.rows.map((r) => r.id),
    )
    .orderBy('h.date')
    .orderBy('s.name')
    .execute();
}

/** A value (sent as a parameter) or a column of the surrounding query (sql`a.user_id`). */
type SqlValue = RawBuilder<unknown> | string | number | null;

/**
 * The site whose calendar a person keeps: their own, else their department's, else the
 * organisation's first (055). Null for someone who does not exist.
 */
export function personSite(userId: SqlValue): RawBuilder<number | null> {
  return sql<number | null>`(SELECT coalesce(u.site_id, d.site_id, first_site()) FROM users u
    LEFT JOIN departments d ON d.id = u.department_id WHERE u.id = ${userId})`;
}

/** A public holiday of `site` or of every site falls on `day`. */
export function holidayAt(site: SqlValue, day: SqlValue): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM public_holidays h WHERE h.date = ${day}::date
    AND (h.site_id IS NULL OR h.site_id = ${site}))`;
}
