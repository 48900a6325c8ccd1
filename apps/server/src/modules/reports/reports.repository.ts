import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { calendarKey, scheduleDays } from '../attendance/schedules.repository';
import { chargedDaysOf, storedPeriod } from '../leave/leave-days.repository';
import { type MonthPlan, monthPlan } from './month-plan';

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
 * Per person employed in the range (person-day.ts) and month of the range, from the person-month rollup (attendance_months):
 * records in the range, late ones, and, up to `judgedTo`, scheduled days (department workdays
 * under the version in force each day, Monday to Friday without a department, never a public
 * holiday: scheduleDays) with a record, and those within the person's employment with neither
 * a record nor approved leave (absences, as person-day.ts has it). Worked seconds per person come from the rollup for the months the
 * plan says, corrected by raw records (see monthPlan). Absences are the schedule's days less the
 * rollup's, so no person x day series is built.
 */
/**
 * Whose people a report covers: a manager's team (their departments and those below them), one
 * site's people (their effective site: their own, else their department's, else the first
 * site's), both together, or everyone (an administrator's report over every site).
 */
export interface Who {
  team?: readonly number[];
  siteId?: number;
}

/**
 * `Who` as a condition on the users row `person` (an AND clause, or nothing). On the bench
 * (2,000 people over 40 sites, a month) one site's attendance took 16 ms p50 against 38 ms for
 * every site, its leave 17 ms against 22 ms.
 */
export function whoseSql(who: Who, person = sql`u`) {
  const team = who.team === undefined ? sql`` : sql`AND ${person}.department_id = ANY (${who.team}::int[])`;
  if (who.siteId === undefined) return team;
  // The department's site by its primary key and first_site() once (an InitPlan), not per person.
  return sql`${team} AND coalesce(${person}.site_id,
    (SELECT sd.site_id FROM departments sd WHERE sd.id = ${person}.department_id), (SELECT first_site())) = ${who.siteId}::int`;
}

function attendanceCtes(range: Range, judgedTo: string, plan: MonthPlan, who: Who) {
  const { startDate, endDate } = range;
  const first = plan.months[0];
  const last = plan.months[plan.months.length - 1];
  return sql`
    months AS (
      SELECT m AS month, m = ANY (${plan.rollupMonths}::date[]) AS worked_from_rollup,
             attendance_span_mask(greatest(m, ${startDate}::date), least(l.day, ${endDate}::date)) AS in_range,
             greatest(m, ${startDate}::date) AS judged_from, least(l.day, ${judgedTo}::date) AS judged_to
      FROM unnest(${plan.months}::date[]) AS m
      CROSS JOIN LATERAL (SELECT (m + interval '1 month - 1 day')::date AS day) l
    ),
    -- Materialised: once per month and department, not once per person. Built day by day, so a
    -- month with two schedule versions owes each day under its own.
    owed AS MATERIALIZED (
      SELECT mo.month, c.dept_key, coalesce(bit_or(attendance_day_bit(c.date)) FILTER (WHERE c.scheduled), 0) AS mask
      FROM months mo
      JOIN ${scheduleDays(startDate, judgedTo)} AS c ON c.date BETWEEN mo.judged_from AND mo.judged_to
      GROUP BY 1, 2
    ),
    -- Spans cut to each month, not a day series per application (whose row estimate would
    -- make the planner expect millions of rows). A half day of leave excuses the whole day: the
    -- other half is expected at work, but a day without any record is not called an absence.
    on_leave AS (
      SELECT la.user_id, mo.month,
             bit_or(attendance_span_mask(greatest(la.start_date, mo.judged_from), least(la.end_date, mo.judged_to))) AS mask
      FROM leave_applications la
      JOIN months mo ON la.start_date <= mo.judged_to AND la.end_date >= mo.judged_from
      WHERE la.status = 'approved' AND la.start_date <= ${judgedTo}::date AND la.end_date >= ${startDate}::date
      GROUP BY 1, 2
    ),
    person_month AS (
      SELECT u.id AS user_id, mo.month,
             attendance_day_count(coalesce(am.present_days, 0) & mo.in_range) AS present,
             attendance_day_count(coalesce(am.late_days, 0) & mo.in_range) AS late,
             attendance_day_count(coalesce(am.present_days, 0) & coalesce(o.mask, 0)) AS scheduled_present,
             attendance_day_count(coalesce(o.mask, 0) & emp.mask & ~coalesce(am.present_days, 0) & ~coalesce(lv.mask, 0)) AS absent,
             CASE WHEN mo.worked_from_rollup THEN am.worked_seconds END AS worked_seconds
      FROM users u
      CROSS JOIN months mo
      LEFT JOIN owed o ON o.month = mo.month AND o.dept_key = ${calendarKey('u')}
      LEFT JOIN attendance_months am ON am.user_id = u.id AND am.month = mo.month
        AND am.month BETWEEN ${first}::date AND ${last}::date
      LEFT JOIN on_leave lv ON lv.user_id = u.id AND lv.month = mo.month
      -- The month's days of the person's employment (person-day.ts): none owed outside it.
      CROSS JOIN LATERAL (SELECT attendance_span_mask(
        greatest(mo.month, coalesce(u.start_date, mo.month)),
        least((mo.month + interval '1 month - 1 day')::date, coalesce(u.end_date, 'infinity'::date))) AS mask) AS emp
      -- Counted people (person-day.ts) employed at some point of the range.
      WHERE (u.active OR u.end_date IS NOT NULL)
        AND (u.start_date IS NULL OR u.start_date <= ${endDate}::date)
        AND (u.end_date IS NULL OR u.end_date >= ${startDate}::date)
        ${whoseSql(who)}
    )`;
}

/**
 * Worked seconds per person from the raw spans that correct the rollup months (see monthPlan).
 * A statement of its own, run beside the rollup's on another connection: reading a partial
 * month's records was half of the report's time at 50,000 people, and the two halves take a
 * core each.
 */
async function rawWorkedSeconds(db: Db, plan: MonthPlan): Promise<Map<number, number>> {
  if (plan.spans.length === 0) return new Map();
  // One read per span with its bounds as constants, so the planner knows each span's size.
  const spans = plan.spans.map(
    (x) => sql`
        SELECT r.user_id, ${x.sign}::int * extract(epoch FROM r.check_out_time - r.check_in_time) AS seconds
        FROM attendance_records r WHERE r.date BETWEEN ${x.from}::date AND ${x.to}::date`,
  );
  const result = await sql<{ user_id: number; seconds: string }>`
    SELECT user_id, sum(seconds) AS seconds FROM (${sql.join(spans, sql` UNION ALL `)}) w
    WHERE seconds IS NOT NULL
    GROUP BY user_id`.execute(db);
  return new Map(result.rows.map((r) => [r.user_id, Number(r.seconds)]));
}

/** `today` only steers which reads are cheapest (see monthPlan); the figures do not depend on it. */
export interface Judged {
  judgedTo: string;
  today: string;
}

/** Per person employed in the range: present, late, absent days and worked hours over the range. */
export async function attendanceByPerson(
  db: Db,
  range: Range,
  judged: Judged,
  who: Who = {},
): Promise<PersonAttendance[]> {
  const plan = monthPlan(range.startDate, range.endDate, judged.today);
  const rollup = sql<{
    user_id: number;
    name: string;
    department: string | null;
    department_id: number | null;
    present: number;
    late: number;
    worked_seconds: string;
    scheduled_present: number;
    absent: number;
  }>`
    WITH ${attendanceCtes(range, judged.judgedTo, plan, who)},
    per_person AS (
      SELECT user_id, sum(present)::int AS present, sum(late)::int AS late,
             sum(scheduled_present)::int AS scheduled_present, sum(absent)::int AS absent,
             coalesce(sum(worked_seconds), 0) AS worked_seconds
      FROM person_month GROUP BY user_id
    )
    SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, dep.name AS department,
           u.department_id, pp.present, pp.late, pp.worked_seconds, pp.scheduled_present, pp.absent
    FROM per_person pp
    JOIN users u ON u.id = pp.user_id
    LEFT JOIN departments dep ON dep.id = u.department_id
    ORDER BY u.last_name, u.first_name, u.id`.execute(db);
  const [result, raw] = await Promise.all([rollup, rawWorkedSeconds(db, plan)]);
  return result.rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    department: r.department ?? 'No department',
    departmentId: r.department_id,
    present: r.present,
    late: r.late,
    absent: r.absent,
    hours: Math.round(((Number(r.worked_seconds) + (raw.get(r.user_id) ?? 0)) / 3600) * 10) / 10,
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
export async function attendanceByMonth(
  db: Db,
  range: Range,
  judged: Judged,
  who: Who = {},
): Promise<MonthAttendance[]> {
  const plan = monthPlan(range.startDate, range.endDate, judged.today);
  const result = await sql<MonthAttendance>`
    WITH ${attendanceCtes(range, judged.judgedTo, plan, who)},
    totals AS (
      SELECT month, sum(present)::int AS present, sum(late)::int AS late, sum(absent)::int AS absent
      FROM person_month GROUP BY month
    )
    SELECT to_char(months.month, 'YYYY-MM') AS month, coalesce(totals.present, 0) AS present,
           coalesce(totals.late, 0) AS late, coalesce(totals.absent, 0) AS absent
    FROM months LEFT JOIN totals USING (month)
    ORDER BY months.month`.execute(db);
  return result.rows;
}

export interface DepartmentRow {
  id: number;
  name: string;
  manager: string | null;
}

export async function departmentsWithManagers(db: Db, who: Who = {}): Promise<DepartmentRow[]> {
  let query = db.selectFrom('departments as d');
  if (who.team !== undefined) query = query.where('d.id', 'in', who.team.length > 0 ? [...who.team] : [0]);
  // The site's departments, and those of anyone there with a site of their own.
  if (who.siteId !== undefined) {
    const siteId = who.siteId;
    query = query.where((eb) =>
      eb.or([
        eb('d.site_id', '=', siteId),
        eb('d.id', 'in', eb.selectFrom('users').select('department_id').where('site_id', '=', siteId)),
      ]),
    );
  }
  return (
    query
      // The first of its managers, the one who decides (030).
      .leftJoin('department_managers as dm', (join) =>
        join.onRef('dm.department_id', '=', 'd.id').on('dm.position', '=', 0),
      )
      .leftJoin('users as m', 'm.id', 'dm.user_id')
      .select(['d.id', 'd.name', sql<string | null>`m.first_name || ' ' || m.last_name`.as('manager')])
      .orderBy('d.name')
      .execute()
  );
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

/** Approved leave's charged days (working days, half days) inside the range, one row per day. */
function approvedLeaveDays(range: Range, who: Who) {
  return sql`(
    SELECT la.user_id, la.leave_type_id, c.day, c.portion
    FROM leave_applications la
    CROSS JOIN LATERAL ${chargedDaysOf(storedPeriod('la'))} AS c
    WHERE la.status = 'approved' AND la.start_date <= ${range.endDate}::date AND la.end_date >= ${range.startDate}::date
      ${who.team === undefined && who.siteId === undefined ? sql`` : sql`AND la.user_id IN (SELECT u.id FROM users u WHERE true ${whoseSql(who)})`}
      AND c.day BETWEEN ${range.startDate}::date AND ${range.endDate}::date
  )`;
}

/**
 * Approved leave days inside the range per person, by type (AL, SL, PL, all types in total),
 * counted as the applications charge them, and the remaining balance (entitled - used - pending
 * over limited types) of the end date's year.
 */
export async function leaveByPerson(db: Db, range: Range, who: Who = {}): Promise<PersonLeave[]> {
  const { endDate } = range;
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
    -- Materialised: the charged days' per-day lookups make the planner cost \`used\` in the
    -- millions, and unfenced it then joins both to the people by nested loops (2,000 x 2,000
    -- comparisons at 2,000 people: 300 ms instead of 20).
    WITH used AS MATERIALIZED (
      SELECT ld.user_id,
             sum(ld.portion) FILTER (WHERE lt.leave_code = 'AL') AS annual,
             sum(ld.portion) FILTER (WHERE lt.leave_code = 'SL') AS sick,
             sum(ld.portion) FILTER (WHERE lt.leave_code = 'PL') AS personal,
             sum(ld.portion) AS total
      FROM ${approvedLeaveDays(range, who)} AS ld JOIN leave_types lt ON lt.id = ld.leave_type_id
      GROUP BY ld.user_id
    ),
    balance AS MATERIALIZED (
      SELECT l.user_id, sum(l.entitled_days - l.used_days - l.pending_days) AS remaining
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
    WHERE u.active ${whoseSql(who)}
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

export interface TypeBalance {
  type: string;
  /** Active people with a balance of this type in the year. */
  people: number;
  entitled: number;
  used: number;
  pending: number;
  remaining: number;
}

/**
 * The year's balance per limited leave type over the active people (as the report's Remaining
 * column counts them): entitled = used + pending + remaining, from the ledger.
 */
export async function leaveBalanceByType(db: Db, year: number, who: Who = {}): Promise<TypeBalance[]> {
  const result = await sql<TypeBalance>`
    SELECT lt.leave_name AS type, count(DISTINCT l.user_id)::int AS people,
           sum(l.entitled_days)::float8 AS entitled, sum(l.used_days)::float8 AS used,
           sum(l.pending_days)::float8 AS pending,
           sum(l.entitled_days - l.used_days - l.pending_days)::float8 AS remaining
    FROM leave_ledger l
    JOIN leave_types lt ON lt.id = l.leave_type_id AND lt.max_days_per_year > 0
    JOIN users u ON u.id = l.user_id AND u.active ${whoseSql(who)}
    WHERE l.leave_year = ${year}
    GROUP BY lt.id, lt.leave_name
    ORDER BY lt.id`.execute(db);
  return result.rows;
}

/** Approved leave days per month of the range (each day counted in its own month, as charged). */
export async function leaveDaysByMonth(
  db: Db,
  range: Range,
  who: Who = {},
): Promise<{ month: string; days: number }[]> {
  const { startDate, endDate } = range;
  const result = await sql<{ month: string; days: number }>`
    WITH months AS (
      SELECT to_char(d, 'YYYY-MM') AS month
      FROM generate_series(date_trunc('month', ${startDate}::date), ${endDate}::date, interval '1 month') d
    ),
    days AS (
      SELECT to_char(ld.day, 'YYYY-MM') AS month, sum(ld.portion) AS days
      FROM ${approvedLeaveDays(range, who)} AS ld
      GROUP BY 1
    )
    SELECT months.month, coalesce(days.days, 0) AS days FROM months LEFT JOIN days USING (month)
    ORDER BY months.month`.execute(db);
  return result.rows;
}
