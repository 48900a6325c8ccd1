import type { LeaveDayEntry } from '@atrium/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Counts of leave and who is away when: the Pending tab's figures, the pending counts, the month
 * calendar and a day's people away. Everyone's are answered by the rollups of migration 023.
 */

type Db = Kysely<Database>;

/** Whose applications a list covers: everyone's when both are absent (see ListScope). */
export interface ApplicantScope {
  userId?: number;
  /** The applicants of these departments (a manager's team); an empty list is nobody's. */
  departmentIds?: readonly number[];
  /**
   * A manager's queue: only applications waiting at the manager step, of the scope's departments
   * or waiting for one of these approvers (the manager, and those whose approvals they hold).
   */
  approverIds?: readonly number[];
}

/** The applications `a` a manager's queue holds (see ApplicantScope.approverIds). */
export const inQueue = (departmentIds: readonly number[], approverIds: readonly number[]) => sql<boolean>`(
  a.approval_step = 'manager' AND (a.approver_id = ANY (${approverIds}::int[])
    OR a.department_id = ANY (${departmentIds}::int[])))`;

/** Everyone's applications: the organisation-wide rollups of 023 answer for them. */
const everyone = (scope: ApplicantScope) => scope.userId === undefined && scope.departmentIds === undefined;

/** Whether the users row `u` belongs to one of the scope's departments (none for an empty list). */
export const inDepartments = (ids: readonly number[]) => sql<boolean>`a.department_id = ANY (${ids}::int[])`;

/** The Pending tab's counts: decided today, people away today, pending applications. */
export interface DecisionCounts {
  approved: number;
  rejected: number;
  away: number;
  pending: number;
}

/**
 * The figures on the admin Pending tab, within a scope. "Today" is the organisation's date and
 * `day` the instants it starts and ends (OrgClock.dayBounds).
 */
export async function leaveStats(
  db: Db,
  today: string,
  day: { start: Date; end: Date },
  scope: ApplicantScope = {},
): Promise<DecisionCounts> {
  // Three narrow counts, each through an index that starts at what it counts (decided today,
  // approved and not yet ended, pending), rather than one pass over every application ever made.
  const scoped = () => {
    let query = db.selectFrom('leave_applications as a').innerJoin('users as u', 'u.id', 'a.user_id');
    if (scope.userId !== undefined) query = query.where('a.user_id', '=', scope.userId);
    if (scope.departmentIds !== undefined) query = query.where(inDepartments(scope.departmentIds));
    return query;
  };
  const [decided, away, pending] = await Promise.all([
    scoped()
      .select([
        sql<number>`count(*) FILTER (WHERE a.status = 'approved')`.as('approved'),
        sql<number>`count(*) FILTER (WHERE a.status = 'rejected')`.as('rejected'),
      ])
      .where('a.decided_at', '>=', day.start)
      .where('a.decided_at', '<', day.end)
      .executeTakeFirstOrThrow(),
    everyone(scope)
      ? calendarRollup(db, today, today).then((days) => ({ n: days[0]?.approved ?? 0 }))
      : scoped()
          .select(sql<number>`count(DISTINCT a.user_id)`.as('n'))
          .where('a.status', '=', 'approved')
          .where('a.end_date', '>=', today)
          .where('a.start_date', '<=', today)
          .executeTakeFirstOrThrow(),
    pendingCount(db, scope),
  ]);
  return {
    approved: Number(decided.approved),
    rejected: Number(decided.rejected),
    away: Number(away.n),
    pending,
  };
}

/**
 * Pending applications within a scope: everyone's (the count kept by 023), one department's or
 * one applicant's.
 */
export async function pendingCount(db: Db, scope: ApplicantScope = {}): Promise<number> {
  if (everyone(scope)) {
    const row = await sql<{ n: number }>`
      SELECT coalesce((SELECT applications FROM leave_status_counts WHERE status = 'pending'), 0)::int AS n`.execute(
      db,
    );
    return row.rows[0]?.n ?? 0;
  }
  if (scope.approverIds !== undefined) {
    const row = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM leave_applications a
      WHERE a.status = 'pending' AND ${inQueue(scope.departmentIds ?? [], scope.approverIds)}`.execute(db);
    return row.rows[0]?.n ?? 0;
  }
  if (scope.userId !== undefined && scope.departmentIds === undefined) {
    // Prepared (see db/connection): one person's count is behind every staff dashboard's load.
    const row = await sql<{ n: number }>`/* prepared: leave_pending_of_person */
      SELECT count(*)::int AS n FROM leave_applications WHERE user_id = ${scope.userId} AND status = 'pending'`.execute(
      db,
    );
    return row.rows[0]?.n ?? 0;
  }
  let query = db
    .selectFrom('leave_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.status', '=', 'pending');
  if (scope.userId !== undefined) query = query.where('a.user_id', '=', scope.userId);
  if (scope.departmentIds !== undefined) query = query.where(inDepartments(scope.departmentIds));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One day with leave on it: people on approved and on pending leave, and how many take half the day. */
export interface CalendarDayRow {
  date: string;
  approved: number;
  pending: number;
  half_day: number;
}

/** Everyone's people on approved and on pending leave on each day of [first, last] that has any (023). */
async function calendarRollup(db: Db, first: string, last: string): Promise<CalendarDayRow[]> {
  const result = await sql<CalendarDayRow>`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, approved, pending, half_day
    FROM leave_calendar_days
    WHERE date BETWEEN ${first}::date AND ${last}::date AND (approved > 0 OR pending > 0)
    ORDER BY date`.execute(db);
  return result.rows;
}

/** Pending or approved leave within the scope that touches [first, last], with the person's name. */
function leaveTouching(first: string, last: string, scope: ApplicantScope) {
  return sql`(
    SELECT a.id, a.status, a.start_date, a.end_date, a.start_half, a.end_half, a.leave_type_id,
           u.id AS user_id, u.first_name, u.last_name
    FROM leave_applications a
    JOIN users u ON u.id = a.user_id
    WHERE a.status IN ('pending', 'approved')
      AND a.start_date <= ${last}::date AND a.end_date >= ${first}::date
      AND (${scope.userId ?? null}::integer IS NULL OR a.user_id = ${scope.userId ?? null})
      AND (${scope.departmentIds ?? null}::int[] IS NULL OR a.department_id = ANY (${scope.departmentIds ?? null}::int[]))
  ) AS a`;
}

/** The part of `day` that leave `a` takes: a first day started in the afternoon, a last ended in the morning. */
const partOf = (day: RawBuilder<unknown>) => sql<'day' | 'morning' | 'afternoon'>`
  CASE WHEN ${day} = a.start_date AND a.start_half = 'afternoon' THEN 'afternoon'
       WHEN ${day} = a.end_date AND a.end_half = 'morning' THEN 'morning'
       ELSE 'day' END`;

/** calendarDays for some departments (a manager's team), from their rollup (034). */
async function departmentCalendarRollup(
  db: Db,
  first: string,
  last: string,
  departmentIds: readonly number[],
): Promise<CalendarDayRow[]> {
  const result = await sql<CalendarDayRow>`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, sum(approved)::int AS approved,
           sum(pending)::int AS pending, sum(half_day)::int AS half_day
    FROM leave_department_days
    WHERE dept_key = ANY (${departmentIds}::int[]) AND date BETWEEN ${first}::date AND ${last}::date
    GROUP BY date HAVING sum(approved) <> 0 OR sum(pending) <> 0
    ORDER BY date`.execute(db);
  return result.rows;
}

/**
 * Per day of [first, last] with leave on it: people on approved and on pending leave, and how
 * many of them take only half the day. A working-days-only leave still shows over its weekends:
 * the person is away, only not charged.
 */
export async function calendarDays(
  db: Db,
  first: string,
  last: string,
  scope: ApplicantScope = {},
): Promise<CalendarDayRow[]> {
  if (everyone(scope)) return calendarRollup(db, first, last);
  if (scope.userId === undefined) return departmentCalendarRollup(db, first, last, scope.departmentIds ?? []);
  const result = await sql<CalendarDayRow>`
    SELECT to_char(day, 'YYYY-MM-DD') AS date,
           count(*) FILTER (WHERE a.status = 'approved')::int AS approved,
           count(*) FILTER (WHERE a.status = 'pending')::int AS pending,
           count(*) FILTER (WHERE ${partOf(sql`day::date`)} <> 'day')::int AS half_day
    FROM ${leaveTouching(first, last, scope)}
    CROSS JOIN LATERAL generate_series(GREATEST(a.start_date, ${first}::date),
      LEAST(a.end_date, ${last}::date), interval '1 day') AS day
    GROUP BY day ORDER BY day`.execute(db);
  return result.rows;
}

/** One person on leave on a day: the application, who, which type, which part of the day. */
export type LeaveDayRow = Omit<LeaveDayEntry, 'user'> & { user_id: number; name: string };

/** Who is on pending or approved leave on `date`, by name, a page at a time, and how many. */
export async function leaveOnDay(
  db: Db,
  date: string,
  scope: ApplicantScope,
  page: { limit: number; offset: number },
): Promise<{ rows: LeaveDayRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    sql<LeaveDayRow>`
      SELECT a.id AS application_id, a.user_id, a.first_name || ' ' || a.last_name AS name,
             t.leave_name AS leave_type, a.status, ${partOf(sql`${date}::date`)} AS part
      FROM ${leaveTouching(date, date, scope)}
      JOIN leave_types t ON t.id = a.leave_type_id
      ORDER BY a.last_name, a.first_name, a.id
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    awayOn(db, date, scope),
  ]);
  return { rows: rows.rows, total };
}

/** How many people are on pending or approved leave on `date`: everyone's from the rollup of 023. */
async function awayOn(db: Db, date: string, scope: ApplicantScope): Promise<number> {
  if (everyone(scope)) {
    const [day] = await calendarRollup(db, date, date);
    return (day?.approved ?? 0) + (day?.pending ?? 0);
  }
  const count = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${leaveTouching(date, date, scope)}`.execute(db);
  return count.rows[0]?.n ?? 0;
}
