import { addDays } from '@atrium/contract/calendar';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** One version of a department's work schedule, in force from effective_from until the next. */
export interface ScheduleVersion {
  effective_from: string;
  start_time: string;
  end_time: string;
  grace_minutes: number;
  workdays: number[];
}

/**
 * A person's schedule over the dates a caller asks about: their department's versions (newest
 * first) and the public holidays of those dates at their site (their own, else their
 * department's), which are workdays for nobody there.
 */
export interface Schedule {
  versions: ScheduleVersion[];
  holidays: ReadonlySet<string>;
}

/** People without a department keep the organisation's default pattern. */
export const DEFAULT_VERSION: ScheduleVersion = {
  effective_from: '2000-01-01',
  start_time: '09:00:00',
  end_time: '17:30:00',
  grace_minutes: 10,
  workdays: [1, 2, 3, 4, 5],
};

/** The versions of the given departments in force on or before `to`, newest first per department. */
async function versionsOf(db: Kysely<Database>, departmentIds: number[], to: string) {
  const byDepartment = new Map<number, ScheduleVersion[]>();
  if (departmentIds.length === 0) return byDepartment;
  const rows = await db
    .selectFrom('work_schedules')
    .select(['department_id', 'effective_from', 'start_time', 'end_time', 'grace_minutes', 'workdays'])
    .where('department_id', 'in', departmentIds)
    .where('effective_from', '<=', to)
    .orderBy('department_id')
    .orderBy('effective_from', 'desc')
    .execute();
  for (const { department_id, ...version } of rows) {
    const list = byDepartment.get(department_id) ?? [];
    list.push(version);
    byDepartment.set(department_id, list);
  }
  return byDepartment;
}

/**
 * The public holidays from..to per site: `of(siteId)` is that site's own and every site's, the
 * set a person of that site has off.
 */
export async function holidaysBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<{ of(siteId: number | null): ReadonlySet<string> }> {
  const rows = await db
    .selectFrom('public_holidays')
    .select(['date', 'site_id'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  const everySite = new Set(rows.flatMap((r) => (r.site_id === null ? [r.date] : [])));
  const bySite = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.site_id === null) continue;
    const dates = bySite.get(r.site_id) ?? new Set(everySite);
    dates.add(r.date);
    bySite.set(r.site_id, dates);
  }
  return { of: (siteId) => (siteId === null ? everySite : (bySite.get(siteId) ?? everySite)) };
}

export interface Dates {
  from: string;
  to: string;
}

/**
 * The schedules of many people for dates within `dates`, in three queries whatever their
 * number; people who do not exist (or, with `activeOnly`, are disabled) are left out.
 */
export async function findUserSchedules(
  db: Kysely<Database>,
  userIds: number[],
  dates: Dates,
  activeOnly = false,
): Promise<Map<number, Schedule>> {
  if (userIds.length === 0) return new Map();
  let query = db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.department_id',
      sql<number>`coalesce(u.site_id, d.site_id, first_site())`.as('site_id'),
    ])
    .where('u.id', 'in', userIds);
  if (activeOnly) query = query.where('u.active', '=', true);
  const people = await query.execute();
  const departments = [
    ...new Set(people.flatMap((p) => (p.department_id === null ? [] : [p.department_id]))),
  ];
  const [versions, holidays] = await Promise.all([
    versionsOf(db, departments, dates.to),
    holidaysBetween(db, dates.from, dates.to),
  ]);
  return new Map(
    people.map((p) => [
      p.id,
      {
        versions: (p.department_id !== null && versions.get(p.department_id)) || [DEFAULT_VERSION],
        holidays: holidays.of(p.site_id),
      },
    ]),
  );
}

export async function findUserSchedule(
  db: Kysely<Database>,
  userId: number,
  dates: Dates,
): Promise<Schedule | undefined> {
  return (await findUserSchedules(db, [userId], dates)).get(userId);
}

/**
 * The dates from..to, oldest first, to pass as a date[] parameter: unlike a generate_series
 * over dates, whose length the planner takes for 1000, an array's length is known when planning,
 * so a one-day read is not costed like a three-year one (and JIT-compiled for half a second).
 */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * The key of a users row (`alias`) in scheduleDays: their department's (0 without one), or for
 * someone with a site of their own, a key of their own (minus their id), since their holidays
 * are their site's and not their department's.
 */
export function calendarKey(alias: string): RawBuilder<number> {
  const site = sql.ref(`${alias}.site_id`);
  return sql<number>`CASE WHEN ${site} IS NULL THEN coalesce(${sql.ref(`${alias}.department_id`)}, 0)
    ELSE -${sql.ref(`${alias}.id`)} END`;
}

/**
 * The organisation's calendar for a date range: one row per calendar (dept_key) and day, saying
 * whether the day is a workday under the version in force that day (`scheduled`, never on a
 * public holiday) and whether it is a holiday, with that version's shift (`start_time`,
 * `end_time`: payroll's scheduled hours and late minutes). Calendars x days rows (a few hundred
 * for a month), so readers join it per person-day instead of looking up versions per person.
 * Join on dept_key = calendarKey('u').
 *
 * A calendar is a department's (dept_key its id; 0 for people without one, at the first site),
 * with the holidays of the department's site, or that of one person with a site of their own
 * (dept_key minus their id, with their department's versions and their site's holidays): those
 * are the exceptions, found through users_site_idx. Readers keying people by department alone see
 * each person's department's calendar. One holiday applies per date and site (the holidays
 * service keeps it so), so the holiday join adds no rows.
 *
 * Versions become intervals (a department's first reaches back forever) joined to the days by
 * range, and the days are an array the planner can count: a generate_series of unknown length
 * and a version lookup per department-day made small ranges look costly enough to be JIT-compiled
 * (half a second for nine days).
 */
export function scheduleDays(from: string, to: string): RawBuilder<unknown> {
  const dates = datesBetween(from, to);
  return sql`(
    SELECT k.dept_key, d.date, h.date IS NOT NULL AS holiday,
           h.date IS NULL AND extract(isodow FROM d.date)::smallint = ANY (v.workdays) AS scheduled,
           v.start_time, v.end_time
    FROM unnest(${dates}::date[]) AS d (date)
    JOIN (
      SELECT department_id AS versions_of, workdays, start_time, end_time,
             CASE WHEN lag(effective_from) OVER w IS NULL THEN '-infinity'::date ELSE effective_from END AS valid_from,
             coalesce(lead(effective_from) OVER w, 'infinity'::date) AS valid_to
      FROM work_schedules WINDOW w AS (PARTITION BY department_id ORDER BY effective_from)
      UNION ALL
      SELECT 0, '{1,2,3,4,5}'::smallint[], ${DEFAULT_VERSION.start_time}::time, ${DEFAULT_VERSION.end_time}::time,
             '-infinity'::date, 'infinity'::date
    ) AS v ON d.date >= v.valid_from AND d.date < v.valid_to
    JOIN (
      SELECT id AS dept_key, id AS versions_of, site_id FROM departments
      UNION ALL SELECT 0, 0, first_site()
      UNION ALL SELECT -id, coalesce(department_id, 0), site_id FROM users WHERE site_id IS NOT NULL
    ) AS k ON k.versions_of = v.versions_of
    LEFT JOIN public_holidays h ON h.date = d.date AND (h.site_id IS NULL OR h.site_id = k.site_id)
  )`;
}

/**
 * Per date from..to, the calendar keys (as in scheduleDays) whose people are scheduled that
 * day: one row a day, so a read walking people tests `calendarKey('u') = ANY (keys)`
 * per person instead of joining the calendar per person (which the planner does as a nested
 * loop over every department: 3.5 s for a searched day at 50,000 people, 0.1 s this way).
 */
export function scheduledDepartments(from: string, to: string): RawBuilder<unknown> {
  return sql`(
    SELECT c.date, coalesce(array_agg(c.dept_key) FILTER (WHERE c.scheduled), '{}') AS keys
    FROM ${scheduleDays(from, to)} AS c GROUP BY c.date
  )`;
}
