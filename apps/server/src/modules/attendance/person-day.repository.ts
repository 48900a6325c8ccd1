import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { isScheduledOn } from './attendance.rules';
import { type DayFacts, type DayKind, dayKind } from './person-day';
import { calendarKey, type Schedule, scheduleDays } from './schedules.repository';

type Facts = { [K in keyof DayFacts]: RawBuilder<unknown> };

/** dayKind as a SQL expression over boolean expressions. */
export function dayKindSql(f: Facts): RawBuilder<DayKind> {
  return sql<DayKind>`CASE WHEN ${f.record} THEN 'worked'
    WHEN NOT ${f.employed} THEN 'not_employed'
    WHEN ${f.holiday} THEN 'holiday'
    WHEN NOT ${f.scheduled} THEN 'day_off'
    WHEN ${f.leave} THEN 'on_leave'
    WHEN ${f.come} THEN 'absent'
    ELSE 'ahead' END`;
}

/**
 * A users row (`alias`) the attendance figures count: active, or gone with a last working day (a
 * leaver keeps their history). users_counted_name_idx and the rollups of 021 (user_counted, 025)
 * use the same condition.
 */
export function countedPerson(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.active`)} OR ${sql.ref(`${alias}.end_date`)} IS NOT NULL)`;
}

/** The employment span of a users row (`alias`) covers `day`. */
export function employedOn(alias: string, day: RawBuilder<unknown>): RawBuilder<boolean> {
  const start = sql.ref(`${alias}.start_date`);
  const end = sql.ref(`${alias}.end_date`);
  return sql<boolean>`((${start} IS NULL OR ${start} <= ${day}) AND (${end} IS NULL OR ${end} >= ${day}))`;
}

/** Approved leave of `userId` covers `day` (leave_applications_user_idx finds it). */
export function leaveOn(userId: RawBuilder<unknown>, day: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM leave_applications la WHERE la.user_id = ${userId}
    AND la.status = 'approved' AND la.start_date <= ${day} AND la.end_date >= ${day})`;
}

/** The name of the approved leave type covering `day`, or null. */
export function leaveTypeOn(
  userId: RawBuilder<unknown>,
  day: RawBuilder<unknown>,
): RawBuilder<string | null> {
  return sql<string | null>`(SELECT lt.leave_name FROM leave_applications la
    JOIN leave_types lt ON lt.id = la.leave_type_id
    WHERE la.user_id = ${userId} AND la.status = 'approved' AND la.start_date <= ${day} AND la.end_date >= ${day}
    LIMIT 1)`;
}

/**
 * The person-days of `dates` that an active person's department head count would call absent
 * but that are not: people outside their employment span, and employed people on approved leave,
 * each without a record that day. Per (date, dept_key): `not_employed` and `on_leave`. `people`
 * is a condition on users `u` (the reader's filter). Built from the few people whose span starts
 * or ends inside the range and the approved leave overlapping it, never by walking everyone.
 */
export function excusedDays(
  people: RawBuilder<unknown>,
  dates: string[],
  /** The people's departments when known: the leave is found through its own department (034). */
  departmentIds?: readonly number[],
): RawBuilder<unknown> {
  const first = dates[0]!;
  const last = dates.at(-1)!;
  return sql`(
    SELECT e.date, e.dept_key,
           count(*) FILTER (WHERE e.kind = 'on_leave')::int AS on_leave,
           count(*) FILTER (WHERE e.kind = 'not_employed')::int AS not_employed
    FROM (
      SELECT g.day AS date, coalesce(u.department_id, 0) AS dept_key, u.id AS user_id, 'not_employed' AS kind
      FROM users u CROSS JOIN unnest(${dates}::date[]) AS g (day)
      WHERE (u.start_date > ${first}::date OR u.end_date < ${last}::date)
        AND ${people} AND NOT ${employedOn('u', sql`g.day`)}
      UNION ALL
      -- A person holds at most one live application a day (leave_applications_no_overlap).
      SELECT g.day, coalesce(u.department_id, 0), u.id, 'on_leave'
      FROM leave_applications la
      CROSS JOIN LATERAL unnest(${dates}::date[]) AS g (day)
      JOIN users u ON u.id = la.user_id
      WHERE la.status = 'approved' AND la.start_date <= ${last}::date AND la.end_date >= ${first}::date
        AND g.day BETWEEN la.start_date AND la.end_date
        ${departmentIds === undefined ? sql`` : sql`AND la.department_id = ANY (${departmentIds}::int[])`}
        AND ${people} AND ${employedOn('u', sql`g.day`)}
    ) AS e
    WHERE NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.user_id = e.user_id AND r.date = e.date)
    GROUP BY 1, 2
  )`;
}

/**
 * Per (date, dept_key) of `dates`, what people with a site of their own (calendarKey) change in
 * department figures that count everyone by their department's calendar: on a day one calendar
 * schedules and the other does not (a holiday of one of the two sites), such a person's absence
 * (once `came` says the day has come at their site), leave or scheduled record moves in or out
 * (`absent`, `on_leave`, `scheduled_records`: +1 or -1 each). `people` is a condition on users
 * `u`. Few people, found through users_site_idx.
 */
export function ownSiteDays(
  people: RawBuilder<unknown>,
  dates: string[],
  came: (day: RawBuilder<unknown>, site: RawBuilder<unknown>) => RawBuilder<boolean>,
): RawBuilder<unknown> {
  return sql`(
    WITH cal AS MATERIALIZED (SELECT * FROM ${scheduleDays(dates[0]!, dates.at(-1)!)} AS c)
    SELECT o.date, o.dept_key,
           sum(o.sign * (NOT o.worked AND o.employed AND NOT o.on_leave AND ${came(sql`o.date`, sql`o.site_id`)})::int)::int
             AS absent,
           sum(o.sign * (NOT o.worked AND o.employed AND o.on_leave)::int)::int AS on_leave,
           sum(o.sign * o.worked::int)::int AS scheduled_records
    FROM (
      SELECT own.date, coalesce(u.department_id, 0) AS dept_key, u.site_id,
             CASE WHEN own.scheduled THEN 1 ELSE -1 END AS sign, r.id IS NOT NULL AS worked,
             ${employedOn('u', sql`own.date`)} AS employed, ${leaveOn(sql`u.id`, sql`own.date`)} AS on_leave
      FROM users u
      JOIN cal own ON own.dept_key = ${calendarKey('u')}
      JOIN cal dep ON dep.dept_key = coalesce(u.department_id, 0) AND dep.date = own.date
      LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = own.date
      WHERE u.site_id IS NOT NULL AND own.scheduled <> dep.scheduled AND ${people}
    ) AS o
    GROUP BY 1, 2
  )`;
}

/** What one person's days depend on besides records and schedule: employment span and leave. */
export interface PersonSpan {
  start_date: string | null;
  end_date: string | null;
  /** Dates within the asked range covered by approved leave, with the leave type's name. */
  leave: Map<string, string>;
}

/** One person's employment span and approved leave days within [from, to]. */
export async function personSpan(
  db: Kysely<Database>,
  userId: number,
  from: string,
  to: string,
): Promise<PersonSpan> {
  const [person, leave] = await Promise.all([
    db.selectFrom('users').select(['start_date', 'end_date']).where('id', '=', userId).executeTakeFirst(),
    sql<{ date: string; leave_type: string }>`
      SELECT to_char(g.day, 'YYYY-MM-DD') AS date, lt.leave_name AS leave_type
      FROM leave_applications la
      JOIN leave_types lt ON lt.id = la.leave_type_id
      CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${from}::date),
                                         least(la.end_date, ${to}::date), interval '1 day') AS g (day)
      WHERE la.user_id = ${userId} AND la.status = 'approved'
        AND la.start_date <= ${to}::date AND la.end_date >= ${from}::date`.execute(db),
  ]);
  return {
    start_date: person?.start_date ?? null,
    end_date: person?.end_date ?? null,
    leave: new Map(leave.rows.map((r) => [r.date, r.leave_type])),
  };
}

export const isEmployedOn = (span: Pick<PersonSpan, 'start_date' | 'end_date'>, date: string) =>
  (span.start_date === null || span.start_date <= date) && (span.end_date === null || span.end_date >= date);

/** Each date's kind for one person (person-day.ts), from their schedule, span and record dates. */
export function personDayKinds(
  schedule: Schedule,
  span: PersonSpan,
  worked: ReadonlySet<string>,
  today: string,
): (date: string) => DayKind {
  return (date) =>
    dayKind({
      record: worked.has(date),
      employed: isEmployedOn(span, date),
      holiday: schedule.holidays.has(date),
      scheduled: isScheduledOn(schedule, date),
      leave: span.leave.has(date),
      come: date <= today,
    });
}
