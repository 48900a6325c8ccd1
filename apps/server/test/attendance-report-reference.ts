import { sql } from 'kysely';
import type { Db } from '../src/db/connection';
import type { MonthAttendance, PersonAttendance, Range } from '../src/modules/reports/reports.repository';

/**
 * The Attendance Report's figures computed from the raw attendance records, as the reports did
 * before the person-month rollup: the reference the rollup-based queries must equal.
 */
export async function referenceAttendanceByPerson(
  db: Db,
  range: Range,
  judgedTo: string,
): Promise<PersonAttendance[]> {
  const { startDate, endDate } = range;
  const result = await sql<{
    user_id: number;
    name: string;
    department: string | null;
    department_id: number | null;
    present: number;
    late: number;
    hours: string | null;
    scheduled_present: number;
    absent: number;
  }>`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${startDate}::date, ${judgedTo}::date, interval '1 day') d
    ),
    sched AS (
      SELECT ws.department_id, count(*)::int AS n
      FROM work_schedules ws JOIN days ON extract(isodow FROM days.day)::smallint = ANY (ws.workdays)
      GROUP BY ws.department_id
    ),
    default_sched AS (
      SELECT count(*)::int AS n FROM days WHERE extract(isodow FROM day) BETWEEN 1 AND 5
    ),
    rec AS (
      SELECT ar.user_id, count(*)::int AS present, count(*) FILTER (WHERE ar.late)::int AS late,
             sum(extract(epoch FROM ar.check_out_time - ar.check_in_time)) / 3600 AS hours,
             count(*) FILTER (WHERE ar.date <= ${judgedTo}::date AND extract(isodow FROM ar.date)::smallint
               = ANY (coalesce(ws.workdays, '{1,2,3,4,5}'::smallint[])))::int AS scheduled_present
      FROM attendance_records ar
      JOIN users u ON u.id = ar.user_id
      LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      WHERE ar.date BETWEEN ${startDate}::date AND ${endDate}::date
      GROUP BY ar.user_id
    ),
    lv AS (
      SELECT la.user_id, count(*)::int AS days
      FROM leave_applications la
      JOIN users u ON u.id = la.user_id
      LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${startDate}::date),
                                         least(la.end_date, ${judgedTo}::date), interval '1 day') d
      WHERE la.status = 'approved' AND la.start_date <= ${judgedTo}::date AND la.end_date >= ${startDate}::date
        AND extract(isodow FROM d)::smallint = ANY (coalesce(ws.workdays, '{1,2,3,4,5}'::smallint[]))
        AND NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.user_id = la.user_id AND r.date = d::date
                          -- The range again, so the planner reads the range's records, not all history.
                          AND r.date BETWEEN ${startDate}::date AND ${judgedTo}::date)
      GROUP BY la.user_id
    )
    SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, dep.name AS department,
           u.department_id, coalesce(rec.present, 0) AS present, coalesce(rec.late, 0) AS late,
           coalesce(rec.hours, 0) AS hours, coalesce(rec.scheduled_present, 0) AS scheduled_present,
           greatest(0, CASE WHEN u.department_id IS NULL THEN (SELECT n FROM default_sched)
                            ELSE coalesce(sched.n, 0) END
                       - coalesce(rec.scheduled_present, 0) - coalesce(lv.days, 0))::int AS absent
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    LEFT JOIN sched ON sched.department_id = u.department_id
    LEFT JOIN rec ON rec.user_id = u.id
    LEFT JOIN lv ON lv.user_id = u.id
    WHERE u.active
    ORDER BY u.last_name, u.first_name, u.id`.execute(db);
  return result.rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    department: r.department ?? 'No department',
    departmentId: r.department_id,
    present: r.present,
    late: r.late,
    absent: r.absent,
    hours: Math.round(Number(r.hours ?? 0) * 10) / 10,
    scheduledPresent: r.scheduled_present,
  }));
}

/** The months' figures as the raw-table query computed them. */
export async function referenceAttendanceByMonth(
  db: Db,
  range: Range,
  judgedTo: string,
): Promise<MonthAttendance[]> {
  const { startDate, endDate } = range;
  const result = await sql<{ month: string; present: number; late: number; absent: number }>`
    WITH months AS (
      SELECT to_char(d, 'YYYY-MM') AS month
      FROM generate_series(date_trunc('month', ${startDate}::date), ${endDate}::date, interval '1 month') d
    ),
    heads AS (
      SELECT u.department_id, count(*)::int AS n, coalesce(ws.workdays, '{1,2,3,4,5}'::smallint[]) AS workdays
      FROM users u LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      WHERE u.active GROUP BY u.department_id, ws.workdays
    ),
    owed AS (
      SELECT to_char(d, 'YYYY-MM') AS month, sum(heads.n)::int AS n
      FROM generate_series(${startDate}::date, ${judgedTo}::date, interval '1 day') d
      JOIN heads ON extract(isodow FROM d)::smallint = ANY (heads.workdays)
      GROUP BY 1
    ),
    rec AS (
      SELECT to_char(ar.date, 'YYYY-MM') AS month, count(*)::int AS present,
             count(*) FILTER (WHERE ar.late)::int AS late,
             count(*) FILTER (WHERE ar.date <= ${judgedTo}::date AND extract(isodow FROM ar.date)::smallint
               = ANY (coalesce(ws.workdays, '{1,2,3,4,5}'::smallint[])))::int AS scheduled_present
      FROM attendance_records ar
      JOIN users u ON u.id = ar.user_id AND u.active
      LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      WHERE ar.date BETWEEN ${startDate}::date AND ${endDate}::date
      GROUP BY 1
    ),
    lv AS (
      SELECT to_char(d, 'YYYY-MM') AS month, count(*)::int AS days
      FROM leave_applications la
      JOIN users u ON u.id = la.user_id AND u.active
      LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${startDate}::date),
                                         least(la.end_date, ${judgedTo}::date), interval '1 day') d
      WHERE la.status = 'approved' AND la.start_date <= ${judgedTo}::date AND la.end_date >= ${startDate}::date
        AND extract(isodow FROM d)::smallint = ANY (coalesce(ws.workdays, '{1,2,3,4,5}'::smallint[]))
        AND NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.user_id = la.user_id AND r.date = d::date
                          -- The range again, so the planner reads the range's records, not all history.
                          AND r.date BETWEEN ${startDate}::date AND ${judgedTo}::date)
      GROUP BY 1
    )
    SELECT months.month, coalesce(rec.present, 0) AS present, coalesce(rec.late, 0) AS late,
           greatest(0, coalesce(owed.n, 0) - coalesce(rec.scheduled_present, 0) - coalesce(lv.days, 0))::int AS absent
    FROM months LEFT JOIN owed USING (month) LEFT JOIN rec USING (month) LEFT JOIN lv USING (month)
    ORDER BY months.month`.execute(db);
  return result.rows;
}
