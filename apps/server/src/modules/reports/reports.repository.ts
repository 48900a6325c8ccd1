import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * Every report's SQL. Ranges are inclusive local dates; `judgedTo` is the last day whose absence
 * counts (days that have not ended yet are nobody's absence).
 */
export interface Range {
  startDate: string;
  endDate: string;
}

export interface PersonAttendance {
  userId: number;
  name: string;
  department: string;
  departmentId: number | null;
  present: number;
  late: number;
  absent: number;
  hours: number;
  /** Present on a scheduled day: the attendance percent's numerator. */
  scheduledPresent: number;
}

/**
 * Per active person: records in the range, late ones, worked hours, and absences = scheduled
 * days (department workdays, Monday to Friday without a department) up to `judgedTo` without a
 * record and without approved leave.
 */
export async function attendanceByPerson(
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

export interface MonthAttendance {
  month: string;
  present: number;
  late: number;
  absent: number;
}

/** Present, late and absent person-days per month, by the same rules as attendanceByPerson. */
export async function attendanceByMonth(db: Db, range: Range, judgedTo: string): Promise<MonthAttendance[]> {
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

export interface DepartmentRow {
  id: number;
  name: string;
  manager: string | null;
}

export async function departmentsWithManagers(db: Db): Promise<DepartmentRow[]> {
  return db
    .selectFrom('departments as d')
    .leftJoin('users as m', 'm.id', 'd.manager_id')
    .select(['d.id', 'd.name', sql<string | null>`m.first_name || ' ' || m.last_name`.as('manager')])
    .orderBy('d.name')
    .execute();
}

export interface PersonLeave {
  name: string;
  department: string;
  annual: number;
  sick: number;
  personal: number;
  totalUsed: number;
  remaining: number;
}

/**
 * Approved leave days inside the range per person, by type (AL, SL, PL, all types in total),
 * and the remaining balance (entitled - used - pending over limited types) of the end date's year.
 */
export async function leaveByPerson(db: Db, range: Range): Promise<PersonLeave[]> {
  const { startDate, endDate } = range;
  const year = Number(endDate.slice(0, 4));
  const result = await sql<{
    name: string;
    department: string | null;
    annual: number;
    sick: number;
    personal: number;
    total_used: number;
    remaining: number;
  }>`
    WITH used AS (
      SELECT la.user_id,
             sum(least(la.end_date, ${endDate}::date) - greatest(la.start_date, ${startDate}::date) + 1)
               FILTER (WHERE lt.leave_code = 'AL')::int AS annual,
             sum(least(la.end_date, ${endDate}::date) - greatest(la.start_date, ${startDate}::date) + 1)
               FILTER (WHERE lt.leave_code = 'SL')::int AS sick,
             sum(least(la.end_date, ${endDate}::date) - greatest(la.start_date, ${startDate}::date) + 1)
               FILTER (WHERE lt.leave_code = 'PL')::int AS personal,
             sum(least(la.end_date, ${endDate}::date) - greatest(la.start_date, ${startDate}::date) + 1)::int AS total
      FROM leave_applications la JOIN leave_types lt ON lt.id = la.leave_type_id
      WHERE la.status = 'approved' AND la.start_date <= ${endDate}::date AND la.end_date >= ${startDate}::date
      GROUP BY la.user_id
    ),
    balance AS (
      SELECT l.user_id, sum(l.entitled_days - l.used_days - l.pending_days)::int AS remaining
      FROM leave_ledger l JOIN leave_types lt ON lt.id = l.leave_type_id AND lt.max_days_per_year > 0
      WHERE l.leave_year = ${year}
      GROUP BY l.user_id
    )
    SELECT u.first_name || ' ' || u.last_name AS name, dep.name AS department,
           coalesce(used.annual, 0) AS annual, coalesce(used.sick, 0) AS sick,
           coalesce(used.personal, 0) AS personal, coalesce(used.total, 0) AS total_used,
           coalesce(balance.remaining, 0) AS remaining
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    LEFT JOIN used ON used.user_id = u.id
    LEFT JOIN balance ON balance.user_id = u.id
    WHERE u.active
    ORDER BY u.last_name, u.first_name, u.id`.execute(db);
  return result.rows.map((r) => ({
    name: r.name,
    department: r.department ?? 'No department',
    annual: r.annual,
    sick: r.sick,
    personal: r.personal,
    totalUsed: r.total_used,
    remaining: r.remaining,
  }));
}

/** Approved leave days per month of the range (each day counted in its own month). */
export async function leaveDaysByMonth(db: Db, range: Range): Promise<{ month: string; days: number }[]> {
  const { startDate, endDate } = range;
  const result = await sql<{ month: string; days: number }>`
    WITH months AS (
      SELECT to_char(d, 'YYYY-MM') AS month
      FROM generate_series(date_trunc('month', ${startDate}::date), ${endDate}::date, interval '1 month') d
    ),
    days AS (
      SELECT to_char(d, 'YYYY-MM') AS month, count(*)::int AS days
      FROM leave_applications la
      CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${startDate}::date),
                                         least(la.end_date, ${endDate}::date), interval '1 day') d
      WHERE la.status = 'approved' AND la.start_date <= ${endDate}::date AND la.end_date >= ${startDate}::date
      GROUP BY 1
    )
    SELECT months.month, coalesce(days.days, 0) AS days FROM months LEFT JOIN days USING (month)
    ORDER BY months.month`.execute(db);
  return result.rows;
}

export interface AccessPointDay {
  day: string;
  accessPoint: string;
  entries: number;
  exits: number;
  denied: number;
  alerts: number;
}

/**
 * Per access point per local day: granted entries and exits, denied attempts, and access alerts
 * raised by the point's devices. Only point-days with something happening are listed.
 */
export async function accessByPointAndDay(
  db: Db,
  bounds: { from: Date; to: Date; timeZone: string },
): Promise<AccessPointDay[]> {
  const { from, to, timeZone } = bounds;
  const result = await sql<{
    day: string;
    access_point: string;
    entries: number;
    exits: number;
    denied: number;
    alerts: number;
  }>`
    WITH ev AS (
      SELECT to_char(e.occurred_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, e.access_point_id,
             count(*) FILTER (WHERE e.kind = 'granted' AND e.action = 'entry')::int AS entries,
             count(*) FILTER (WHERE e.kind = 'granted' AND e.action = 'exit')::int AS exits,
             count(*) FILTER (WHERE e.kind = 'denied')::int AS denied
      FROM access_events e
      WHERE e.occurred_at >= ${from} AND e.occurred_at < ${to} AND e.kind IN ('granted', 'denied')
        AND e.access_point_id IS NOT NULL
      GROUP BY 1, 2
    ),
    al AS (
      SELECT to_char(a.occurred_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, d.access_point_id,
             count(*)::int AS alerts
      FROM alerts a JOIN devices d ON d.device_id = a.device_id
      WHERE a.source = 'access' AND a.occurred_at >= ${from} AND a.occurred_at < ${to}
        AND d.access_point_id IS NOT NULL
      GROUP BY 1, 2
    )
    SELECT day, ap.name AS access_point, coalesce(ev.entries, 0) AS entries, coalesce(ev.exits, 0) AS exits,
           coalesce(ev.denied, 0) AS denied, coalesce(al.alerts, 0) AS alerts
    FROM ev FULL JOIN al USING (day, access_point_id)
    JOIN access_points ap ON ap.id = access_point_id
    ORDER BY day, ap.name`.execute(db);
  return result.rows.map((r) => ({ ...r, accessPoint: r.access_point }));
}

/** Access alerts in the range, whatever their device (some have no access point). */
export async function accessAlertCount(db: Db, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('source', '=', 'access')
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
