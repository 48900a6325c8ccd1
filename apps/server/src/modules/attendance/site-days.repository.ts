import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SiteToday } from '../../core/clock';
import type { Database } from '../../db/schema';
import type { DepartmentDayRow } from './attendance.repository';
import { countedPerson, excusedDays, ownSiteDays } from './person-day.repository';
import { dayHasCome, departmentKeySite, personSiteSql, siteTodaysSql } from './person-site.repository';
import { scheduledDepartments } from './schedules.repository';

/**
 * The organisation's "today" when its sites are on different dates: each person counted on their
 * own site's today. Used only then (attendance's and the dashboard's callers keep their one-date
 * reads when every site agrees, as one zone always does).
 *
 * The rollups of 021 are per department, so a department's rows are read on its site's today;
 * the few people whose own site overrides their department's (users_site_idx) are moved across:
 * their records of the department's today are taken out and those of their own today put in.
 */

/** `st (site_id, today)` and `moved (dept_key, present, open, late)`: the overriders' net change. */
function siteDaysCtes(todays: readonly SiteToday[]): RawBuilder<unknown> {
  return sql`st AS MATERIALIZED (SELECT * FROM ${siteTodaysSql(todays, 'g')}),
    moved AS MATERIALIZED (
      SELECT m.dept_key, sum(m.sign)::int AS present,
             sum(m.sign) FILTER (WHERE m.open)::int AS open, sum(m.sign) FILTER (WHERE m.late)::int AS late
      FROM (
        SELECT coalesce(u.department_id, 0) AS dept_key, r.check_out_time IS NULL AS open, r.late,
               (r.date = own.today)::int - (r.date = dep.today)::int AS sign
        FROM users u
        LEFT JOIN departments d ON d.id = u.department_id
        JOIN st own ON own.site_id = u.site_id
        JOIN st dep ON dep.site_id = coalesce(d.site_id, first_site())
        JOIN attendance_records r ON r.user_id = u.id AND r.date IN (own.today, dep.today)
        WHERE u.site_id IS NOT NULL AND u.active AND own.today <> dep.today
      ) AS m
      GROUP BY 1)`;
}

/** Active people with a record of their site's today (the rollup's present, per site). */
export async function countPresentToday(db: Kysely<Database>, todays: readonly SiteToday[]): Promise<number> {
  const dates = [...new Set(todays.map((t) => t.date))];
  const result = await sql<{ n: number }>`
    WITH ${siteDaysCtes(todays)}
    SELECT ((SELECT coalesce(sum(t.present), 0) FROM attendance_department_day_totals t
             JOIN st ON st.today = t.date AND st.site_id = ${departmentKeySite(sql`t.dept_key`)}
             WHERE t.date = ANY (${dates}::date[]))
          + (SELECT coalesce(sum(present), 0) FROM moved))::int AS n`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** Counted people employed on their site's today (countEmployedOn, per site). */
export async function countEmployedToday(
  db: Kysely<Database>,
  todays: readonly SiteToday[],
): Promise<number> {
  const dates = todays.map((t) => t.date).sort();
  const result = await sql<{ n: number }>`
    SELECT ((SELECT coalesce(sum(people), 0) FROM department_headcounts)
          - (SELECT count(*) FROM users u
             LEFT JOIN departments d ON d.id = u.department_id
             JOIN ${siteTodaysSql(todays)} ON st.site_id = ${personSiteSql('u', 'd')}
             WHERE (u.active OR u.end_date IS NOT NULL)
               -- The few whose span starts or ends near these dates (users_start_date_idx, users_end_date_idx).
               AND (u.start_date > ${dates[0]}::date OR u.end_date < ${dates.at(-1)}::date)
               AND (u.start_date > st.today OR u.end_date < st.today)))::int AS n`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/**
 * departmentDay (attendance.repository.ts) of today, each department on its site's today: its
 * head count, records (the overriders moved across), absences and leave.
 */
export async function departmentToday(
  db: Kysely<Database>,
  todays: readonly SiteToday[],
): Promise<DepartmentDayRow[]> {
  const dates = [...new Set(todays.map((t) => t.date))].sort();
  const result = await sql<DepartmentDayRow>`
    WITH ${siteDaysCtes(todays)},
    heads AS MATERIALIZED (
      SELECT h.dept_key, h.people, st.today FROM department_headcounts h
      JOIN st ON st.site_id = ${departmentKeySite(sql`h.dept_key`)}
      WHERE h.people > 0),
    excused AS MATERIALIZED (SELECT * FROM ${excusedDays(countedPerson('u'), dates)} AS x),
    -- People with a site of their own count by their own calendar in their department's row
    -- (departmentDay's own_site), read on the department's today.
    own_site AS MATERIALIZED (
      SELECT * FROM ${ownSiteDays(countedPerson('u'), dates, (day, site) => dayHasCome(day, site, todays))} AS o)
    SELECT dep.id, dep.name, h.people - coalesce(x.not_employed, 0) AS total,
           coalesce(d.present, 0) + coalesce(m.present, 0) AS present,
           coalesce(d.open, 0) + coalesce(m.open, 0) AS still_in,
           coalesce(d.late, 0) + coalesce(m.late, 0) AS late,
           CASE WHEN sch.scheduled
                THEN h.people - coalesce(d.present, 0) - coalesce(m.present, 0) - coalesce(x.on_leave, 0)
                     - coalesce(x.not_employed, 0)
                ELSE 0 END + coalesce(o.absent, 0) AS absent,
           CASE WHEN sch.scheduled THEN coalesce(x.on_leave, 0) ELSE 0 END + coalesce(o.on_leave, 0) AS on_leave,
           sch.scheduled
    FROM heads h
    LEFT JOIN departments dep ON dep.id = h.dept_key
    LEFT JOIN attendance_department_day_totals d ON d.date = h.today AND d.dept_key = h.dept_key
      AND d.date = ANY (${dates}::date[])
    LEFT JOIN moved m ON m.dept_key = h.dept_key
    LEFT JOIN excused x ON x.dept_key = h.dept_key AND x.date = h.today
    LEFT JOIN own_site o ON o.dept_key = h.dept_key AND o.date = h.today
    JOIN ${scheduledDepartments(dates[0]!, dates.at(-1)!)} AS sd ON sd.date = h.today
    CROSS JOIN LATERAL (SELECT h.dept_key = ANY (sd.keys) AS scheduled) AS sch
    ORDER BY h.people DESC, dep.name`.execute(db);
  return result.rows;
}

/**
 * countInBuilding (in-building.repository.ts) on each person's site's today: their presence since
 * their site's day began and their record of its today.
 */
export async function countInBuildingToday(
  db: Kysely<Database>,
  todays: readonly (SiteToday & { dayStart: Date })[],
): Promise<number> {
  const dates = [...new Set(todays.map((t) => t.date))];
  const earliest = new Date(Math.min(...todays.map((t) => t.dayStart.getTime())));
  const result = await sql<{ n: number }>`
    WITH st AS MATERIALIZED (
      SELECT * FROM unnest(${todays.map((t) => t.siteId)}::int[], ${todays.map((t) => t.date)}::date[],
                           ${todays.map((t) => t.dayStart.toISOString())}::timestamptz[]) AS g (site_id, today, day_start)),
    seen AS (
      SELECT coalesce(p.user_id, r.user_id) AS user_id, p.last_action, p.last_at, r.date,
             r.check_in_time, r.check_out_time
      FROM (SELECT user_id, last_action, last_at FROM access_presence WHERE last_at >= ${earliest}) AS p
      FULL JOIN (SELECT user_id, date, check_in_time, check_out_time FROM attendance_records
                 WHERE date = ANY (${dates}::date[])) AS r ON r.user_id = p.user_id)
    SELECT count(*)::int AS n FROM (
      SELECT s.user_id,
             max(greatest(CASE WHEN s.last_action = 'entry' AND s.last_at >= st.day_start THEN s.last_at END,
                          CASE WHEN s.date = st.today THEN s.check_in_time END)) AS in_at,
             max(greatest(CASE WHEN s.last_action = 'exit' AND s.last_at >= st.day_start THEN s.last_at END,
                          CASE WHEN s.date = st.today THEN s.check_out_time END)) AS out_at
      FROM seen s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN departments d ON d.id = u.department_id
      JOIN st ON st.site_id = ${personSiteSql('u', 'd')}
      WHERE ${countedPerson('u')}
      GROUP BY s.user_id
    ) AS x
    WHERE x.in_at IS NOT NULL AND (x.out_at IS NULL OR x.in_at > x.out_at)`.execute(db);
  return result.rows[0]?.n ?? 0;
}
