import type { PayPeriodSpan, PayrollSettings } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { countedPerson, dayKindSql, employedOn } from '../attendance/person-day.repository';
import { calendarKey, datesBetween, scheduleDays } from '../attendance/schedules.repository';
import { chargedDaysOf, storedPeriod } from '../leave/leave-days.repository';
import { type Who, whoseSql } from './reports.repository';

/** A leave type as payroll shows it: a column of days, paid or not. */
export interface PayrollLeaveType {
  id: number;
  code: string;
  name: string;
  paid: boolean;
}

export async function payrollLeaveTypes(db: Db): Promise<PayrollLeaveType[]> {
  const rows = await db
    .selectFrom('leave_types')
    .select(['id', 'leave_code', 'leave_name', 'paid'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.leave_code, name: r.leave_name, paid: r.paid }));
}

/** One person's figures over one pay period. */
export interface PayrollLine {
  userId: number;
  employeeNumber: string;
  name: string;
  department: string;
  periodStart: string;
  periodEnd: string;
  regularHours: number;
  overtimeHours: number;
  lateMinutes: number;
  lateDays: number;
  absentDays: number;
  holidaysWorked: number;
  /** Charged leave days by leave type id (half days as 0.5). */
  leave: Record<string, number>;
}

/** What a payroll read needs besides the people: the periods, the rules and where judging stops. */
export interface PayrollPlan {
  periods: PayPeriodSpan[];
  settings: PayrollSettings;
  /** The last day whose absence counts (the attendance report's `judgedTo`). */
  judgedTo: string;
  timeZone: string;
  /** Whose people: a manager's team, one site's, or everyone. */
  who: Who;
}

/**
 * The dates of the periods with each one's period start and week start (the 7-day blocks from
 * the period's first day), as three parallel arrays for unnest.
 */
function dayTable(periods: PayPeriodSpan[]) {
  const dates: string[] = [];
  const periodStarts: string[] = [];
  const weekStarts: string[] = [];
  for (const p of periods) {
    datesBetween(p.start, p.end).forEach((date, i) => {
      dates.push(date);
      periodStarts.push(p.start);
      weekStarts.push(addDays(p.start, Math.floor(i / 7) * 7));
    });
  }
  return { dates, periodStarts, weekStarts };
}

/**
 * The next `limit` people after `afterId` (by id, the keyset) whom payroll counts: counted by the
 * attendance figures' rule (countedPerson), employed on some day of the periods, in the team and site.
 */
async function nextPeople(db: Db, plan: PayrollPlan, afterId: number, limit: number): Promise<number[]> {
  const from = plan.periods[0]!.start;
  const to = plan.periods.at(-1)!.end;
  const rows = await sql<{ id: number }>`
    SELECT u.id FROM users u
    WHERE u.id > ${afterId} AND ${countedPerson('u')}
      AND (u.start_date IS NULL OR u.start_date <= ${to}::date)
      AND (u.end_date IS NULL OR u.end_date >= ${from}::date)
      ${whoseSql(plan.who)}
    ORDER BY u.id LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Per person of `ids` and pay period: every day of the period is one of dayKind's kinds
 * (person-day.ts, through dayKindSql: the rule the attendance report's absences follow too), so
 * absent days are its 'absent' days up to judgedTo. Worked time is each record's check-in to
 * check-out (a record without a check-out counts none, as in the attendance report's hours).
 * A day's overtime is its work beyond the scheduled shift (end - start of the version in force;
 * none on a day off or a holiday) plus dailyOvertimeAfterMinutes; a week's overtime is its
 * remaining work beyond weeklyThresholdHours. Late minutes are, for each record marked late
 * (the attendance report's late days), the minutes from the shift's start to the check-in.
 */
async function linesOf(db: Db, plan: PayrollPlan, ids: number[]): Promise<PayrollLine[]> {
  const { dates, periodStarts, weekStarts } = dayTable(plan.periods);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const dailyAfterSeconds = plan.settings.dailyOvertimeAfterMinutes * 60;
  const weeklySeconds = plan.settings.weeklyThresholdHours * 3600;
  const result = await sql<{
    user_id: number;
    employee_number: string;
    name: string;
    department: string | null;
    period_start: string;
    period_end: string;
    worked_s: number;
    overtime_s: number;
    late_minutes: number;
    late_days: number;
    absent_days: number;
    holidays_worked: number;
    leave: Record<string, number> | null;
  }>`
    WITH days AS (
      SELECT d.date, d.period_start, d.week_start
      FROM unnest(${dates}::date[], ${periodStarts}::date[], ${weekStarts}::date[]) AS d (date, period_start, week_start)
    ),
    -- The calendar with each day's period and week: people x this is every person-day.
    cal AS MATERIALIZED (
      SELECT c.dept_key, c.date, d.period_start, d.week_start, c.holiday, c.scheduled, c.start_time,
             CASE WHEN c.scheduled THEN extract(epoch FROM c.end_time - c.start_time)::float8 ELSE 0 END AS scheduled_s
      FROM ${scheduleDays(from, to)} AS c JOIN days d ON d.date = c.date
    ),
    -- Each read below goes through a person's own index entries (users_pkey, the records'
    -- (user_id, date) key, leave_applications_user_idx): reading the range's rows for everyone
    -- and keeping this batch's cost a whole month of records per batch.
    people AS MATERIALIZED (
      SELECT u.id, u.department_id, u.site_id, u.start_date, u.end_date FROM users u
      WHERE u.id BETWEEN ${ids[0]!} AND ${ids.at(-1)!} AND u.id = ANY (${ids}::int[])
    ),
    recs AS MATERIALIZED (
      SELECT r.user_id, r.date, r.late, r.check_in_time,
             coalesce(extract(epoch FROM r.check_out_time - r.check_in_time), 0)::float8 AS worked_s
      FROM people p
      CROSS JOIN LATERAL (
        SELECT * FROM attendance_records r WHERE r.user_id = p.id AND r.date BETWEEN ${from}::date AND ${to}::date
      ) AS r
    ),
    apps AS MATERIALIZED (
      SELECT la.user_id, la.leave_type_id, la.start_date, la.end_date, la.start_half, la.end_half
      FROM people p
      CROSS JOIN LATERAL (
        SELECT * FROM leave_applications la
        WHERE la.user_id = p.id AND la.start_date <= ${to}::date AND la.end_date >= ${from}::date
        -- A fence: with the status inside, the planner walked the index of everyone's approved
        -- leave by end date (012) once per person, 20,000 entries each time.
        OFFSET 0
      ) AS la
      WHERE la.status = 'approved'
    ),
    -- The days approved leave covers, whole span (half days too): they excuse an absence, as in
    -- the attendance report.
    leave_days AS MATERIALIZED (
      SELECT DISTINCT la.user_id, g.day::date AS date
      FROM apps la
      CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${from}::date), least(la.end_date, ${to}::date), interval '1 day') AS g (day)
    ),
    person_day AS (
      SELECT p.id AS user_id, c.period_start, c.week_start, c.holiday, r.user_id IS NOT NULL AS worked,
             coalesce(r.worked_s, 0) AS worked_s, c.scheduled_s,
             coalesce(r.late, false) AS late,
             CASE WHEN r.late THEN greatest(0, floor(extract(epoch FROM
               (r.check_in_time AT TIME ZONE ${plan.timeZone}) - (c.date + c.start_time)) / 60))::int ELSE 0 END AS late_minutes,
             ${dayKindSql({
               record: sql`r.user_id IS NOT NULL`,
               employed: employedOn('p', sql`c.date`),
               holiday: sql`c.holiday`,
               scheduled: sql`c.scheduled`,
               leave: sql`lv.user_id IS NOT NULL`,
               come: sql`c.date <= ${plan.judgedTo}::date`,
             })} AS kind
      FROM people p
      -- Each person's site's holidays (calendarKey).
      JOIN cal c ON c.dept_key = ${calendarKey('p')}
      LEFT JOIN recs r ON r.user_id = p.id AND r.date = c.date
      LEFT JOIN leave_days lv ON lv.user_id = p.id AND lv.date = c.date
    ),
    person_week AS (
      SELECT user_id, period_start, week_start, sum(worked_s) AS worked_s,
             sum(o.daily_s) + greatest(0, sum(worked_s - o.daily_s) - ${weeklySeconds}::float8) AS overtime_s,
             sum(late_minutes) AS late_minutes, count(*) FILTER (WHERE late) AS late_days,
             count(*) FILTER (WHERE kind = 'absent') AS absent_days,
             count(*) FILTER (WHERE holiday AND worked) AS holidays_worked,
             bool_or(kind <> 'not_employed') AS counted
      FROM person_day
      CROSS JOIN LATERAL (SELECT greatest(0, worked_s - scheduled_s - ${dailyAfterSeconds}::float8) AS daily_s) AS o
      GROUP BY 1, 2, 3
    ),
    person_period AS (
      SELECT user_id, period_start, sum(worked_s)::float8 AS worked_s, sum(overtime_s)::float8 AS overtime_s,
             sum(late_minutes)::int AS late_minutes, sum(late_days)::int AS late_days,
             sum(absent_days)::int AS absent_days, sum(holidays_worked)::int AS holidays_worked
      FROM person_week GROUP BY 1, 2
      -- Nobody's pay period before they started or after they left (unless they worked in it).
      HAVING bool_or(counted)
    ),
    leave AS (
      SELECT t.user_id, t.period_start, jsonb_object_agg(t.leave_type_id, t.days) AS leave
      FROM (
        SELECT la.user_id, d.period_start, la.leave_type_id, sum(c.portion)::float8 AS days
        FROM apps la
        CROSS JOIN LATERAL ${chargedDaysOf(storedPeriod('la'))} AS c
        JOIN days d ON d.date = c.day
        GROUP BY 1, 2, 3
      ) AS t
      GROUP BY 1, 2
    )
    SELECT pp.user_id, u.employee_number, u.first_name || ' ' || u.last_name AS name, dep.name AS department,
           to_char(pp.period_start, 'YYYY-MM-DD') AS period_start,
           to_char(pp.period_start + (SELECT count(*)::int - 1 FROM days WHERE days.period_start = pp.period_start), 'YYYY-MM-DD') AS period_end,
           pp.worked_s, pp.overtime_s, pp.late_minutes, pp.late_days, pp.absent_days, pp.holidays_worked, lv.leave
    FROM person_period pp
    JOIN users u ON u.id = pp.user_id
    LEFT JOIN departments dep ON dep.id = u.department_id
    LEFT JOIN leave lv ON lv.user_id = pp.user_id AND lv.period_start = pp.period_start
    ORDER BY pp.user_id, pp.period_start`.execute(db);
  return result.rows.map((r) => ({
    userId: r.user_id,
    employeeNumber: r.employee_number,
    name: r.name,
    department: r.department ?? 'No department',
    periodStart: r.period_start,
    periodEnd: r.period_end,
    regularHours: hours(r.worked_s - r.overtime_s),
    overtimeHours: hours(r.overtime_s),
    lateMinutes: r.late_minutes,
    lateDays: r.late_days,
    absentDays: r.absent_days,
    holidaysWorked: r.holidays_worked,
    leave: r.leave ?? {},
  }));
}

/** Hours to the hundredth, as payroll systems take them. */
const hours = (seconds: number) => Math.round(seconds / 36) / 100;

/** Batches read ahead while the one before is written: the database works as the file is drawn. */
const AHEAD = 2;

/**
 * Payroll lines a batch of people at a time, by id (a keyset: each batch is one bounded read,
 * whatever the organisation's size), so an export holds a few batches in memory, never everyone.
 * Up to AHEAD batches are read at once, each on a connection of its own.
 */
export async function* payrollBatches(
  db: Db,
  plan: PayrollPlan,
  batchSize: number,
  signal?: AbortSignal,
): AsyncGenerator<PayrollLine[]> {
  if (plan.periods.length === 0) return;
  const reading: Promise<PayrollLine[]>[] = [];
  let after = 0;
  let last = false;
  for (;;) {
    while (!last && reading.length < AHEAD && !signal?.aborted) {
      const ids = await nextPeople(db, plan, after, batchSize);
      last = ids.length < batchSize;
      if (ids.length === 0) break;
      after = ids.at(-1)!;
      const lines = linesOf(db, plan, ids);
      // Awaited below in turn; a failure is thrown there, not reported as unhandled meanwhile.
      lines.catch(() => {});
      reading.push(lines);
    }
    const next = reading.shift();
    if (!next || signal?.aborted) return;
    yield await next;
  }
}
