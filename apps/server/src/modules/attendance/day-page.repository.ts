import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { cameOn, type DayRow, type DayRowFilter, dayColumns, personFilter } from './attendance.repository';
import { employedOn, excusedDays, leaveOn } from './person-day.repository';
import { departmentKeySite, personSiteSql } from './person-site.repository';
import { calendarKey, datesBetween, scheduleDays } from './schedules.repository';

/**
 * The attendance list a page at a time, without building every person-day of the range.
 *
 * Rows are ordered by date (newest first), then name. A day's rows are its records, and for each
 * employed person scheduled that day without one (scheduleDays: the version in force that day,
 * never a public holiday) an on-leave row, or an absence up to today (person-day.ts). dayCounts
 * counts each day's rows per status, from the per-department rollup (021) or, for a search or
 * chosen people, from their own records, less person-day.ts's excused days; the total is their
 * sum, and the page reads only the days it covers (usually one), at the offset within that day.
 */

/** One day of the list: its records, how many are still open, its absences and its leave. */
export interface DayCount {
  date: string;
  records: number;
  open: number;
  absent: number;
  on_leave: number;
  /** Records of people whose department was scheduled that day (the rate's numerator). */
  scheduled_records: number;
}

/** How many people the filter covers, and each day's counts, newest day first. */
export interface ListCounts {
  people: number;
  days: DayCount[];
}

/** The rows of a day a status filter keeps. */
export function rowsOf(day: DayCount, status: DayRowFilter['status']): number {
  switch (status) {
    case 'absent':
      return day.absent;
    case 'on_leave':
      return day.on_leave;
    case 'checked_in':
      return day.open;
    case 'complete':
      return day.records - day.open;
    default:
      return day.records + day.absent + day.on_leave;
  }
}

export async function countDayPage(db: Kysely<Database>, f: DayRowFilter): Promise<number> {
  const counts = await dayCounts(db, f);
  return counts.days.reduce((sum, day) => sum + rowsOf(day, f.status), 0);
}

/**
 * Per department: its people within the filter (`heads`) and per day its records (`days`:
 * present, open). Without a search, chosen people or a site these are the rollups of 021; otherwise the
 * filter's people are found once (the trigram indexes of 022 find a name) and their records
 * counted.
 */
function departmentFigures(f: DayRowFilter): RawBuilder<unknown> {
  // The rollups know departments, not people's own sites: a site's people are found one by one.
  if (!f.search && !f.userIds && f.siteId === undefined) {
    const department =
      f.departmentIds === undefined ? sql`` : sql`AND dept_key = ANY (${f.departmentIds}::int[])`;
    return sql`
      heads AS MATERIALIZED (SELECT dept_key, people FROM department_headcounts WHERE people > 0 ${department}),
      days AS MATERIALIZED (SELECT date, dept_key, present, open FROM attendance_department_day_totals
                            WHERE date BETWEEN ${f.start}::date AND ${f.end}::date ${department})`;
  }
  return sql`
    people AS MATERIALIZED (SELECT u.id, coalesce(u.department_id, 0) AS dept_key FROM users u
                           WHERE ${personFilter(f)}),
    heads AS MATERIALIZED (SELECT dept_key, count(*)::int AS people FROM people GROUP BY 1),
    days AS MATERIALIZED (
      SELECT r.date, p.dept_key, count(*)::int AS present,
             count(*) FILTER (WHERE r.check_out_time IS NULL)::int AS open
      FROM people p JOIN attendance_records r ON r.user_id = p.id
      WHERE r.date BETWEEN ${f.start}::date AND ${f.end}::date
      GROUP BY 1, 2)`;
}

/**
 * Per day, what people with a site of their own (calendarKey) change in the department figures,
 * which count everyone by their department's calendar: on a day one calendar schedules and the
 * other does not (a holiday of one site), such a person's absence, leave or scheduled record
 * moves in or out. Few people, found through users_site_idx.
 */
function ownSiteCorrections(f: DayRowFilter): RawBuilder<unknown> {
  return sql`
    own_site AS MATERIALIZED (
      SELECT o.date,
             sum(o.sign * (NOT o.worked AND o.employed AND NOT o.on_leave AND ${cameOn(f, sql`o.date`, sql`o.site_id`)})::int)::int AS absent,
             sum(o.sign * (NOT o.worked AND o.employed AND o.on_leave)::int)::int AS on_leave,
             sum(o.sign * o.worked::int)::int AS scheduled_records
      FROM (
        SELECT own.date, u.site_id, CASE WHEN own.scheduled THEN 1 ELSE -1 END AS sign, r.id IS NOT NULL AS worked,
               ${employedOn('u', sql`own.date`)} AS employed, ${leaveOn(sql`u.id`, sql`own.date`)} AS on_leave
        FROM users u
        JOIN calendar own ON own.dept_key = ${calendarKey('u')}
        JOIN calendar dep ON dep.dept_key = coalesce(u.department_id, 0) AND dep.date = own.date
        LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = own.date
        WHERE u.site_id IS NOT NULL AND own.scheduled <> dep.scheduled AND ${personFilter(f)}
      ) AS o
      GROUP BY o.date)`;
}

/** Each day's rows of the list, newest day first, and the people the filter covers. */
export async function dayCounts(db: Kysely<Database>, f: DayRowFilter): Promise<ListCounts> {
  const dates = datesBetween(f.start, f.end);
  const result = await sql<DayCount & { people: number }>`
    WITH ${departmentFigures(f)},
         calendar AS MATERIALIZED (SELECT * FROM ${scheduleDays(f.start, f.end)} AS c),
         excused AS MATERIALIZED (SELECT * FROM ${excusedDays(personFilter(f), dates, f.departmentIds)} AS x),
         ${ownSiteCorrections(f)}
    SELECT to_char(g.day, 'YYYY-MM-DD') AS date,
           coalesce(sum(d.present), 0)::int AS records,
           coalesce(sum(d.open), 0)::int AS open,
           (coalesce(sum(h.people - coalesce(d.present, 0) - coalesce(x.on_leave, 0) - coalesce(x.not_employed, 0))
                    FILTER (WHERE c.scheduled AND ${cameOn(f, sql`g.day`, departmentKeySite(sql`h.dept_key`))}), 0)
            + coalesce(max(o.absent), 0))::int AS absent,
           (coalesce(sum(x.on_leave) FILTER (WHERE c.scheduled), 0) + coalesce(max(o.on_leave), 0))::int AS on_leave,
           (coalesce(sum(d.present) FILTER (WHERE c.scheduled), 0) + coalesce(max(o.scheduled_records), 0))::int
             AS scheduled_records,
           (SELECT coalesce(sum(people), 0) FROM heads)::int AS people
    FROM unnest(${[...dates].reverse()}::date[]) WITH ORDINALITY AS g (day, n)
    CROSS JOIN heads h
    LEFT JOIN calendar c ON c.date = g.day AND c.dept_key = h.dept_key
    LEFT JOIN days d ON d.date = g.day AND d.dept_key = h.dept_key
    LEFT JOIN excused x ON x.date = g.day AND x.dept_key = h.dept_key
    LEFT JOIN own_site o ON o.date = g.day
    GROUP BY g.day, g.n ORDER BY g.n`.execute(db);
  return {
    people: result.rows[0]?.people ?? 0,
    days: result.rows.map(({ people: _, ...day }) => day),
  };
}

/** Where a page falls: the days it covers and, for each, the rows to skip and take. */
export function locatePage(
  counts: ListCounts,
  status: DayRowFilter['status'],
  page: { limit: number; offset: number },
): { day: DayCount; rows: number; offset: number; limit: number }[] {
  const slices: { day: DayCount; rows: number; offset: number; limit: number }[] = [];
  let skip = page.offset;
  let wanted = page.limit;
  for (const day of counts.days) {
    if (wanted === 0) break;
    const rows = rowsOf(day, status);
    if (skip >= rows) {
      skip -= rows;
      continue;
    }
    const limit = Math.min(wanted, rows - skip);
    slices.push({ day, rows, offset: skip, limit });
    wanted -= limit;
    skip = 0;
  }
  return slices;
}

/** A page of the list, its total and the counts behind both (one count, one query per day shown). */
export async function pageDayRows(
  db: Kysely<Database>,
  f: DayRowFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DayRow[]; total: number; counts: ListCounts }> {
  const counts = await dayCounts(db, f);
  const total = counts.days.reduce((sum, day) => sum + rowsOf(day, f.status), 0);
  const slices = locatePage(counts, f.status, page);
  const pages = await Promise.all(
    slices.map((slice) =>
      oneDay(db, f, slice.day.date, {
        offset: slice.offset,
        limit: slice.limit,
        // Walking people in name order reads about (offset + limit) * people / rows of them; the
        // day's records (or its open ones) sorted by name are the cheaper way to few rows, and
        // the only way when the day has no absences the filter keeps.
        byRecords:
          f.status !== 'absent' &&
          f.status !== 'on_leave' &&
          (f.status !== undefined || slice.day.absent + slice.day.on_leave === 0) &&
          candidates(slice.day, f.status) <
            ((slice.offset + slice.limit) * counts.people) / Math.max(slice.rows, 1),
      }),
    ),
  );
  return { rows: pages.flat(), total, counts };
}

/** The records a records-driven read of a day sorts. */
function candidates(day: DayCount, status: DayRowFilter['status']): number {
  return status === 'checked_in' ? day.open : day.records;
}

/**
 * Which rows a day lists, and each status, as conditions on the record and the person: the same
 * days person-day.ts lists (worked, on leave, absent), written as plain conditions the planner can
 * estimate, so it walks people in name order to the page instead of sorting all of them.
 */
function listConditions(day: RawBuilder<unknown>, scheduled: RawBuilder<unknown>, come: RawBuilder<boolean>) {
  const leave = leaveOn(sql`u.id`, day);
  return {
    listed: sql`(r.id IS NOT NULL OR (${scheduled} AND ${employedOn('u', day)}
      AND (${come} OR ${leave})))`,
    status: {
      absent: sql`r.id IS NULL AND NOT ${leave}`,
      on_leave: sql`r.id IS NULL AND ${leave}`,
      checked_in: sql`r.id IS NOT NULL AND r.check_out_time IS NULL`,
      complete: sql`r.check_out_time IS NOT NULL`,
    },
  };
}

/** One day's rows of the list in name order, `offset` rows in (exported for its test). */
export async function oneDay(
  db: Kysely<Database>,
  f: DayRowFilter,
  date: string,
  how: { offset: number; limit: number; byRecords: boolean },
): Promise<DayRow[]> {
  const scheduledKeys = sql`(SELECT coalesce(array_agg(c.dept_key) FILTER (WHERE c.scheduled), '{}')
                             FROM ${scheduleDays(date, date)} AS c)`;
  const scheduled = sql`${calendarKey('u')} = ANY (sd.keys)`;
  const come = cameOn(f, sql`${date}::date`, personSiteSql('u', 'dep'));
  const day = dayColumns(sql`${date}::date`, scheduled, come);
  const list = listConditions(sql`${date}::date`, scheduled, come);
  const statusFilter = f.status ? sql`AND ${list.status[f.status]}` : sql``;
  const columns = sql`r.id AS record_id, u.id AS user_id, u.first_name, u.last_name, u.email, u.employee_number,
    u.department_id, dep.name AS department_name, ${date}::text AS date,
    r.check_in_time, r.check_out_time, r.late, r.early_exit, r.source,
    ${scheduled} AS scheduled, ${day.status} AS status, ${day.leaveType} AS leave_type`;
  const order = sql`ORDER BY u.last_name, u.first_name, u.id LIMIT ${how.limit} OFFSET ${how.offset}`;
  const result = how.byRecords
    ? await sql<DayRow>`
        SELECT ${columns}
        FROM attendance_records r
        JOIN users u ON u.id = r.user_id
        LEFT JOIN departments dep ON dep.id = u.department_id
        CROSS JOIN ${scheduledKeys} AS sd (keys)
        CROSS JOIN LATERAL (SELECT 'worked'::text AS kind) AS k
        WHERE r.date = ${date}::date AND ${personFilter(f)} ${statusFilter}
        ${order}`.execute(db)
    : await sql<DayRow>`
        SELECT ${columns}
        FROM users u
        LEFT JOIN departments dep ON dep.id = u.department_id
        CROSS JOIN ${scheduledKeys} AS sd (keys)
        LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = ${date}::date
        CROSS JOIN LATERAL (SELECT ${day.kind} AS kind) AS k
        WHERE ${personFilter(f)} AND ${list.listed} ${statusFilter}
        ${order}`.execute(db);
  return result.rows;
}
