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
 * first) and the public holidays of those dates, which are workdays for nobody.
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

export async function holidaysBetween(db: Kysely<Database>, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('public_holidays')
    .select('date')
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.date));
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
  let query = db.selectFrom('users').select(['id', 'department_id']).where('id', 'in', userIds);
  if (activeOnly) query = query.where('active', '=', true);
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
        holidays,
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
 * The organisation's calendar for a date range: one row per department (dept_key; 0 for people
 * without one) and day, saying whether the day is a workday under the version in force that day
 * (`scheduled`, never on a public holiday) and whether it is a holiday, with that version's shift
 * (`start_time`, `end_time`: payroll's scheduled hours and late minutes). Departments x days rows
 * (a few hundred for a month), so readers join it per person-day instead of looking up versions
 * per person. Join on dept_key = coalesce(u.department_id, 0).
 *
 * Versions become intervals (a department's first reaches back forever) joined to the days by
 * range, and the days are an array the planner can count: a generate_series of unknown length
 * and a version lookup per department-day made small ranges look costly enough to be JIT-compiled
 * (half a second for nine days).
 */
export function scheduleDays(from: string, to: string): RawBuilder<unknown> {
  const dates = datesBetween(from, to);
  return sql`(
    SELECT v.dept_key, d.date, h.date IS NOT NULL AS holiday,
           h.date IS NULL AND extract(isodow FROM d.date)::smallint = ANY (v.workdays) AS scheduled,
           v.start_time, v.end_time
    FROM unnest(${dates}::date[]) AS d (date)
    JOIN (
      SELECT department_id AS dept_key, workdays, start_time, end_time,
             CASE WHEN lag(effective_from) OVER w IS NULL THEN '-infinity'::date ELSE effective_from END AS valid_from,
             coalesce(lead(effective_from) OVER w, 'infinity'::date) AS valid_to
      FROM work_schedules WINDOW w AS (PARTITION BY department_id ORDER BY effective_from)
      UNION ALL
      SELECT 0, '{1,2,3,4,5}'::smallint[], ${DEFAULT_VERSION.start_time}::time, ${DEFAULT_VERSION.end_time}::time,
             '-infinity'::date, 'infinity'::date
    ) AS v ON d.date >= v.valid_from AND d.date < v.valid_to
    LEFT JOIN public_holidays h ON h.date = d.date
  )`;
}

/**
 * Per date from..to, the department keys (as in scheduleDays) whose people are scheduled that
 * day: one row a day, so a read walking people tests `coalesce(u.department_id, 0) = ANY (keys)`
 * per person instead of joining the calendar per person (which the planner does as a nested
 * loop over every department: 3.5 s for a searched day at 50,000 people, 0.1 s this way).
 */
export function scheduledDepartments(from: string, to: string): RawBuilder<unknown> {
  return sql`(
    SELECT c.date, coalesce(array_agg(c.dept_key) FILTER (WHERE c.scheduled), '{}') AS keys
    FROM ${scheduleDays(from, to)} AS c GROUP BY c.date
  )`;
}
