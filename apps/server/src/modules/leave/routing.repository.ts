import type { ApprovalRoute, ApprovalStep } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { TeamsChanged } from '../../core/teams-changed';
import type { Database } from '../../db/schema';
import { workingDaysOf } from './working-days.repository';

/**
 * Who an application waits for (032): the SQL function leave_approver is the one answer to "who
 * is this person's approver on this day", used by applying, re-routing and escalation alike.
 */

type Db = Kysely<Database>;

export interface Route {
  step: ApprovalStep;
  /** The approver at the manager step; null at the administrators' step. */
  approverId: number | null;
  /** Whether an administrator decides after the manager approves. */
  adminStep: boolean;
}

/** Where a new application of `days` goes under its type's policy. */
export async function routeApplication(
  db: Db,
  applicantId: number,
  date: string,
  policy: { approval_route: ApprovalRoute; admin_step_over_days: number | null },
  days: number,
): Promise<Route> {
  if (policy.approval_route === 'admin') return { step: 'admin', approverId: null, adminStep: false };
  const approverId = await approverOf(db, applicantId, date);
  // Nobody manages the applicant (or only they do): administrators decide, in one step.
  if (approverId === null) return { step: 'admin', approverId: null, adminStep: false };
  const over = policy.admin_step_over_days;
  const adminStep =
    policy.approval_route === 'manager_then_admin' ||
    (policy.approval_route === 'manager' && over !== null && days > over);
  return { step: 'manager', approverId, adminStep };
}

export async function approverOf(db: Db, applicantId: number, date: string): Promise<number | null> {
  const row = await sql<{
    id: number | null;
  }>`SELECT leave_approver(${applicantId}, ${date}::date) AS id`.execute(db);
  return row.rows[0]?.id ?? null;
}

/** One application moved from one approver to another (null: the administrators). */
export interface Moved {
  id: number;
  user_id: number;
  from_id: number | null;
  to_id: number | null;
}

/**
 * Applications waiting at the manager step go to whoever routing names now, after a person
 * moved department, a department's managers or parent changed, or a person's own approver
 * changed. Those within the change's scope are asked (every waiting one without a scope: 0.8 s
 * for 17,878 at 50,000 people, so changes name theirs); those whose approver is unchanged are
 * left alone. Nobody left to ask: the administrators decide.
 */
export async function rerouteWaiting(
  db: Db,
  date: string,
  at: Date,
  scope?: TeamsChanged['scope'],
): Promise<Moved[]> {
  // Those that move are found first (a CTE of its own), so the UPDATE joins only them.
  const result = await sql<Moved>`
    WITH RECURSIVE roots (id) AS (
      SELECT unnest(${scope?.departmentIds ?? []}::int[])
      UNION
      SELECT department_id FROM department_managers WHERE user_id = ANY (${scope?.managerIds ?? []}::int[])
    ),
    subtree (id) AS (
      SELECT id FROM roots
      UNION
      SELECT d.id FROM departments d JOIN subtree s ON d.parent_id = s.id
    ),
    r AS MATERIALIZED (
      SELECT * FROM (
        SELECT w.id, w.approver_id AS from_id, leave_approver(w.user_id, ${date}::date) AS to_id
        FROM leave_applications w
        WHERE w.status = 'pending' AND w.approval_step = 'manager'
          AND (${scope === undefined}::boolean
               OR w.user_id = ANY (${scope?.userIds ?? []}::int[])
               OR w.approver_id = ANY (${scope?.approverIds ?? []}::int[])
               OR w.department_id IN (SELECT id FROM subtree))) x
      WHERE x.to_id IS DISTINCT FROM x.from_id
    )
    UPDATE leave_applications a
    SET approver_id = r.to_id,
        approval_step = CASE WHEN r.to_id IS NULL THEN 'admin' ELSE 'manager' END,
        admin_step = r.to_id IS NOT NULL AND a.admin_step,
        routed_at = ${at}
    FROM r
    WHERE a.id = r.id AND a.status = 'pending'
    RETURNING a.id, a.user_id, r.from_id, r.to_id`.execute(db);
  return result.rows;
}

/** At most this many applications move in one transaction of a sweep; the sweep goes on until none is left. */
export const ESCALATION_BATCH = 200;

/**
 * Applications waiting at the manager step for more than `days` of the applicant's working days
 * (counted after the day they reached their approver, up to `today`) go to a manager of a
 * department above the one their approver manages, or to the administrators at the top; at most
 * ESCALATION_BATCH of them. Only those waiting more than `days` calendar days can be overdue, so
 * the others are passed over without counting; and the count looks no further than
 * 7 x (days + 1) + 31 days on, which holds days + 1 working days for any schedule of at least one
 * workday a week, unless a month of public holidays falls in between.
 */
/**
 * Whether this transaction may sweep: one process at a time (every process runs the sweep), so
 * an application is never escalated twice for one wait. Held until the transaction ends.
 */
export async function holdEscalationLock(db: Db): Promise<boolean> {
  const row = await sql<{ held: boolean }>`SELECT pg_try_advisory_xact_lock(7150301) AS held`.execute(db);
  return row.rows[0]?.held === true;
}

export async function escalateOverdue(
  db: Db,
  today: { date: string; now: Date; timeZone: string },
  days: number,
): Promise<Moved[]> {
  const horizon = 7 * (days + 1) + 31;
  // The batch is found first (a CTE of its own): joined inside the UPDATE, its estimate made the
  // planner walk every application against it (12 s at 50,000 people instead of 30 ms).
  const result = await sql<Moved>`
    WITH e AS MATERIALIZED (
      SELECT w.id, w.approver_id AS from_id,
             leave_approver(w.user_id, ${today.date}::date,
                            leave_approver_depth(w.user_id, w.approver_id), w.approver_id) AS to_id
      FROM (SELECT p.id, p.user_id, p.approver_id, (p.routed_at AT TIME ZONE ${today.timeZone})::date AS routed_on
            FROM leave_applications p
            WHERE p.status = 'pending' AND p.approval_step = 'manager'
              AND (p.routed_at AT TIME ZONE ${today.timeZone})::date < ${today.date}::date - ${days}::int) w
      WHERE (SELECT count(*) FROM ${workingDaysOf(
        sql`w.user_id`,
        sql`(w.routed_on + 1)`,
        sql`least(${today.date}::date, w.routed_on + ${horizon}::int)`,
      )} AS wd) > ${days}
      -- No order: the first batch found will do, and counting stops there.
      LIMIT ${ESCALATION_BATCH}
    )
    UPDATE leave_applications a
    SET approver_id = e.to_id,
        approval_step = CASE WHEN e.to_id IS NULL THEN 'admin' ELSE 'manager' END,
        admin_step = e.to_id IS NOT NULL AND a.admin_step,
        routed_at = ${today.now}
    FROM e
    WHERE a.id = e.id AND a.status = 'pending'
    RETURNING a.id, a.user_id, e.from_id, e.to_id`.execute(db);
  return result.rows;
}
