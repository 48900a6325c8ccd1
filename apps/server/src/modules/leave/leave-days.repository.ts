import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type SqlValue, workingDaysOf } from './working-days.repository';

/**
 * What a leave period charges, day by day: every calendar day, or for a type that counts
 * working days only the applicant's working days; a first day started in the afternoon and a last
 * day ended in the morning count 0.5. Read by applying, the wizard's count, the recount after a
 * holiday change and the leave report, so they all charge alike.
 */

type Db = Kysely<Database>;

export interface LeavePeriod {
  userId: SqlValue;
  typeId: SqlValue;
  start: SqlValue;
  end: SqlValue;
  startHalf: SqlValue;
  endHalf: SqlValue;
}

/** One row per charged day: `day` and its `portion` (1, or 0.5 for a half day). */
export function chargedDaysOf(p: LeavePeriod): RawBuilder<{ day: string; portion: number }> {
  // One branch or the other runs, each over the period once (a one-time filter per period).
  const workingDaysOnly = sql`coalesce((SELECT lp.working_days_only FROM leave_policies lp WHERE lp.leave_type_id = ${p.typeId}), false)`;
  return sql`(
    SELECT c.day,
           CASE WHEN (c.day = ${p.start}::date AND ${p.startHalf}::text = 'afternoon')
                  OR (c.day = ${p.end}::date AND ${p.endHalf}::text = 'morning')
                THEN 0.5 ELSE 1 END::numeric AS portion
    FROM (
      SELECT d::date AS day FROM generate_series(${p.start}::date, ${p.end}::date, interval '1 day') AS d
      WHERE NOT ${workingDaysOnly}
      UNION ALL
      SELECT w.day FROM ${workingDaysOf(p.userId, p.start, p.end)} AS w
      WHERE ${workingDaysOnly}
    ) AS c
  )`;
}

/** The total a period charges, as an expression (for days_requested). */
export function daysRequestedOf(p: LeavePeriod): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(c.portion), 0) FROM ${chargedDaysOf(p)} AS c)`;
}

export interface YearDays {
  year: number;
  days: number;
}

/** What a period would charge per leave year it touches (years it charges nothing left out). */
export async function chargedDaysByYear(db: Db, p: LeavePeriod): Promise<YearDays[]> {
  const result = await sql<YearDays>`
    SELECT extract(year FROM c.day)::int AS year, sum(c.portion) AS days
    FROM ${chargedDaysOf(p)} AS c GROUP BY 1 ORDER BY 1`.execute(db);
  return result.rows;
}

/** What a stored application charges per leave year, by today's calendar. */
export async function applicationDaysByYear(db: Db, applicationId: number): Promise<YearDays[]> {
  const result = await sql<YearDays>`
    SELECT extract(year FROM c.day)::int AS year, sum(c.portion) AS days
    FROM leave_applications a
    CROSS JOIN LATERAL ${chargedDaysOf(storedPeriod('a'))} AS c
    WHERE a.id = ${applicationId}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return result.rows;
}

/** The period of an application row of the surrounding query, by its alias. */
export function storedPeriod(alias: string): LeavePeriod {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return {
    userId: column('user_id'),
    typeId: column('leave_type_id'),
    start: column('start_date'),
    end: column('end_date'),
    startHalf: column('start_half'),
    endHalf: column('end_half'),
  };
}

/**
 * Applying reads the public holidays; declaring, moving or removing one recounts the leave it
 * touches. A shared lock for the first and an exclusive one for the second, so an application
 * made during a holiday change is counted by the calendar that change leaves behind.
 */
const CALENDAR_LOCK = 7_150_301;

export async function readingHolidays(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock_shared(${CALENDAR_LOCK})`.execute(db);
}

export async function changingHolidays(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CALENDAR_LOCK})`.execute(db);
}
