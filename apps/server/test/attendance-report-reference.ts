import { sql } from 'kysely';
import type { Db } from '../src/db/connection';
import type { MonthAttendance, PersonAttendance, Range } from '../src/modules/reports/reports.repository';

/**
 * Every active person's owed days from `from` to `to`: each day looked up one by one under the
 * department's schedule version in force that day (Monday to Friday without a department), less
 * public holidays. Slow and plain on purpose: the reference for the reports' calendar masks.
 */
const owedDays = (from: string, to: string) => sql`
    owed AS (
      SELECT u.id AS user_id, d::date AS day
      FROM users u
      CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') d
      WHERE u.active
        AND extract(isodow FROM d)::smallint = ANY (coalesce(
              (SELECT ws.workdays FROM work_schedules ws
               WHERE ws.department_id = u.department_id AND ws.effective_from <= d::date
               ORDER BY ws.effective_from DESC LIMIT 1),
              CASE WHEN u.department_id IS NULL THEN '{1,2,3,4,5}'::smallint[] END))
        AND NOT EXISTS (SELECT 1 FROM public_holidays h WHERE h.date = d::date)
    )`;

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
    WITH ${owedDays(startDate, judgedTo)},
    rec AS (
      SELECT ar.user_id, count(*)::int AS present, count(*) FILTER (WHERE ar.late)::int AS late,
             sum(extract(epoch FROM ar.check_out_time - ar.check_in_time)) / 3600 AS hours,
             count(*) FILTER (WHERE o.user_id IS NOT NULL)::int AS scheduled_present
      FROM attendance_records ar
      LEFT JOIN owed o ON o.user_id = ar.user_id AND o.day = ar.date
      WHERE ar.date BETWEEN ${startDate}::date AND ${endDate}::date
      GROUP BY ar.user_id
    ),
    absent AS (
      SELECT o.user_id, count(*)::int AS days FROM owed o
      WHERE NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.user_id = o.user_id AND r.date = o.day)
        AND NOT EXISTS (SELECT 1 FROM leave_applications la WHERE la.user_id = o.user_id
                          AND la.status = 'approved' AND o.day BETWEEN la.start_date AND la.end_date)
      GROUP BY o.user_id
    )
    SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, dep.name AS department,
           u.department_id, coalesce(rec.present, 0) AS present, coalesce(rec.late, 0) AS late,
           coalesce(rec.hours, 0) AS hours, coalesce(rec.scheduled_present, 0) AS scheduled_present,
           coalesce(absent.days, 0) AS absent
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    LEFT JOIN rec ON rec.user_id = u.id
    LEFT JOIN absent ON absent.user_id = u.id
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
    ${owedDays(startDate, judgedTo)},
    rec AS (
      SELECT to_char(ar.date, 'YYYY-MM') AS month, count(*)::int AS present,
             count(*) FILTER (WHERE ar.late)::int AS late
      FROM attendance_records ar
      JOIN users u ON u.id = ar.user_id AND u.active
      WHERE ar.date BETWEEN ${startDate}::date AND ${endDate}::date
      GROUP BY 1
    ),
    absent AS (
      SELECT to_char(o.day, 'YYYY-MM') AS month, count(*)::int AS days FROM owed o
      WHERE NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.user_id = o.user_id AND r.date = o.day)
        AND NOT EXISTS (SELECT 1 FROM leave_applications la WHERE la.user_id = o.user_id
                          AND la.status = 'approved' AND o.day BETWEEN la.start_date AND la.end_date)
      GROUP BY 1
    )
    SELECT months.month, coalesce(rec.present, 0) AS present, coalesce(rec.late, 0) AS late,
           coalesce(absent.days, 0) AS absent
    FROM months LEFT JOIN rec USING (month) LEFT JOIN absent USING (month)
    ORDER BY months.month`.execute(db);
  return result.rows;
}
