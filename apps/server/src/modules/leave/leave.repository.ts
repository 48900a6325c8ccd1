import type { LeaveStatus } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import { personName } from '../people/people.repository';
import { type ApplicantScope, inQueue } from './leave-counts.repository';
import { daysRequestedOf } from './leave-days.repository';
import type { Route } from './routing.repository';

/** All SQL for leave applications (the ledger lives in balances.ts, policies in their own file). */

type Db = Kysely<Database>;

/** Serialises one person's applications, so overlap and balance checks see each other. */
export async function lockApplicant(db: Db, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7150300, ${userId})`.execute(db);
}

/** Applications of the people of some departments (their current one, kept on each: 034). */
const ofDepartments = (departmentIds: readonly number[]) =>
  sql<boolean>`a.department_id = ANY (${departmentIds}::int[])`;

/** Applications as rows of `leave_applications` alone, to filter, order and page before the joins. */
const applicationRows = (db: Db) => db.selectFrom('leave_applications as a').selectAll('a');
type ApplicationRows = ReturnType<typeof applicationRows>;

/**
 * Applications with the names a screen shows. A list passes its page of rows already cut (`rows`):
 * joined after the LIMIT, the planner expects a page of rows, not every application, and does not
 * put a cache (Memoize) sized for 600,000 lookups in front of each join, whose set-up alone cost
 * 10-20 ms per page at 50,000 people.
 */
function applications(db: Db, rows: ApplicationRows = applicationRows(db)) {
  return db
    .selectFrom(rows.as('a'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .innerJoin('leave_types as t', 't.id', 'a.leave_type_id')
    .leftJoin('users as b', 'b.id', 'a.decided_by')
    .leftJoin('users as o', 'o.id', 'a.decided_on_behalf_of')
    .leftJoin('users as w', 'w.id', 'a.approver_id')
    .leftJoin('users as m', 'm.id', 'a.manager_approved_by')
    .select([
      'a.id',
      'a.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.department_id',
      'd.name as department_name',
      'a.leave_type_id',
      't.leave_name as leave_type_name',
      'a.start_date',
      'a.end_date',
      'a.days_requested',
      'a.start_half',
      'a.end_half',
      'a.reason',
      'a.status',
      'a.applied_at',
      'a.created_at',
      'a.decided_by',
      sql<string | null>`b.first_name || ' ' || b.last_name`.as('decided_by_name'),
      'a.decided_on_behalf_of',
      sql<string | null>`o.first_name || ' ' || o.last_name`.as('on_behalf_of_name'),
      'a.decided_at',
      'a.admin_comments',
      'a.approval_step',
      'a.approver_id',
      sql<string | null>`w.first_name || ' ' || w.last_name`.as('approver_name'),
      'a.admin_step',
      'a.manager_approved_by',
      sql<string | null>`m.first_name || ' ' || m.last_name`.as('manager_approved_by_name'),
      'a.manager_approved_at',
    ]);
}

/** An application with the names a screen shows (the presenter's toApplication makes it the answer). */
export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;

export async function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return applications(db).where('a.id', '=', id).executeTakeFirst();
}

export async function listOwnApplications(db: Db, userId: number): Promise<ApplicationRow[]> {
  return applications(db)
    .where('a.user_id', '=', userId)
    .orderBy('a.applied_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export interface ApplicationFilter extends ApplicantScope {
  status?: LeaveStatus;
  search?: string;
  page: number;
  pageSize: number;
}

/**
 * Case-insensitive substring search over name, leave type and department, as the spec says, a
 * page at a time, newest first, with whether another page follows (no total: counting every
 * matching application is what made a page slow). The search is asked as "applications of the
 * people whose name or department matches, or of a matching type": the people come from the
 * trigram index (022) and their applications from leave_applications_user_idx, so a rare name
 * does not walk every application; a matching type is a large share of them, found by walking
 * the newest first.
 */
export async function listApplications(
  db: Db,
  filter: ApplicationFilter,
): Promise<{ applications: ApplicationRow[]; hasMore: boolean }> {
  let rows = applicationRows(db);
  if (filter.status) rows = rows.where('a.status', '=', filter.status);
  if (filter.userId !== undefined) rows = rows.where('a.user_id', '=', filter.userId);
  if (filter.departmentIds !== undefined) rows = rows.where(ofDepartments(filter.departmentIds));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const types = await db
      .selectFrom('leave_types')
      .select('id')
      .where('leave_name', 'ilike', pattern)
      .execute();
    const people = sql<number>`(SELECT u.id FROM users u WHERE ${personName} ILIKE ${pattern}
      OR u.department_id = ANY (ARRAY(SELECT d.id FROM departments d WHERE d.name ILIKE ${pattern})))`;
    const typeIds = types.map((t) => t.id);
    rows = rows.where((eb) =>
      eb.or([
        eb('a.user_id', 'in', people),
        ...(typeIds.length ? [eb('a.leave_type_id', 'in', typeIds)] : []),
      ]),
    );
  }
  const cut = rows
    .orderBy('a.applied_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filter.pageSize + 1)
    .offset((filter.page - 1) * filter.pageSize);
  const found = await applications(db, cut).orderBy('a.applied_at', 'desc').orderBy('a.id', 'desc').execute();
  return {
    applications: found.slice(0, filter.pageSize),
    hasMore: found.length > filter.pageSize,
  };
}

/** A page of pending applications, oldest first (leave_applications_status_applied_id_idx read backwards). */
export async function listPending(
  db: Db,
  scope: ApplicantScope,
  page: { limit: number; offset: number },
): Promise<ApplicationRow[]> {
  let rows = applicationRows(db).where('a.status', '=', 'pending');
  if (scope.userId !== undefined) rows = rows.where('a.user_id', '=', scope.userId);
  if (scope.approverIds !== undefined)
    rows = rows.where(inQueue(scope.departmentIds ?? [], scope.approverIds));
  else if (scope.departmentIds !== undefined) rows = rows.where(ofDepartments(scope.departmentIds));
  const cut = rows
    .orderBy('a.applied_at', 'asc')
    .orderBy('a.id', 'asc')
    .limit(page.limit)
    .offset(page.offset);
  return applications(db, cut).orderBy('a.applied_at', 'asc').orderBy('a.id', 'asc').execute();
}

/** The applicant's own pending or approved leave that shares a day with the period. */
export async function findOverlap(db: Db, userId: number, start: string, end: string) {
  return applications(db)
    .where('a.user_id', '=', userId)
    .where('a.status', 'in', ['pending', 'approved'])
    .where('a.start_date', '<=', end)
    .where('a.end_date', '>=', start)
    .orderBy('a.start_date')
    .executeTakeFirst();
}

export async function insertApplication(
  db: Db,
  values: {
    user_id: number;
    leave_type_id: number;
    start_date: string;
    end_date: string;
    /** 'afternoon' or nothing: the first day counts half. */
    start_half?: 'afternoon' | null;
    /** 'morning' or nothing: the last day counts half. */
    end_half?: 'morning' | null;
    reason: string;
    status: 'pending' | 'approved';
    at: Date;
    admin_comments: string | null;
    /** Where a pending application waits (routing.repository). */
    route?: Route;
  },
) {
  return db
    .insertInto('leave_applications')
    .values({
      user_id: values.user_id,
      leave_type_id: values.leave_type_id,
      start_date: values.start_date,
      end_date: values.end_date,
      start_half: values.start_half ?? null,
      end_half: values.end_half ?? null,
      days_requested: daysRequestedOf({
        userId: values.user_id,
        typeId: values.leave_type_id,
        start: values.start_date,
        end: values.end_date,
        startHalf: values.start_half ?? null,
        endHalf: values.end_half ?? null,
      }),
      reason: values.reason,
      status: values.status,
      applied_at: values.at,
      created_at: values.at,
      decided_at: values.status === 'pending' ? null : values.at,
      admin_comments: values.admin_comments,
      approval_step: values.status === 'pending' ? (values.route?.step ?? null) : null,
      approver_id: values.status === 'pending' ? (values.route?.approverId ?? null) : null,
      admin_step: values.status === 'pending' && (values.route?.adminStep ?? false),
      routed_at: values.status === 'pending' ? values.at : null,
    })
    .returning(['id', 'user_id', 'leave_type_id', 'start_date', 'end_date'])
    .executeTakeFirstOrThrow();
}

/**
 * Moves a pending application to its outcome. The `status = 'pending'` condition makes this
 * the race's referee: of two concurrent decisions, the second waits for the first's row lock,
 * re-reads the row, finds it decided and updates nothing.
 */
export async function closePending(
  db: Db,
  id: number,
  change: {
    status: 'approved' | 'rejected' | 'cancelled';
    by: number;
    at: Date;
    comments: string | null;
    /** The manager a delegate decides for. */
    onBehalfOf?: number | null;
  },
) {
  return db
    .updateTable('leave_applications')
    .set({
      status: change.status,
      decided_by: change.by,
      decided_on_behalf_of: change.onBehalfOf ?? null,
      decided_at: change.at,
      admin_comments: change.comments,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'leave_type_id', 'start_date', 'end_date'])
    .executeTakeFirst();
}

/** Whose application it is (with their department, which policies may need) and its status. */
export async function applicationOwnerAndStatus(db: Db, id: number) {
  return db
    .selectFrom('leave_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.status', 'u.department_id', 'a.approval_step', 'a.approver_id', 'a.admin_step'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/**
 * The manager approves the first of two steps: the application stays pending and now waits for
 * an administrator. Conditional on still waiting at the manager step, so two approvers racing
 * advance it once.
 */
export async function advanceToAdminStep(db: Db, id: number, change: { by: number; at: Date }) {
  return db
    .updateTable('leave_applications')
    .set({
      approval_step: 'admin',
      approver_id: null,
      manager_approved_by: change.by,
      manager_approved_at: change.at,
      routed_at: change.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('approval_step', '=', 'manager')
    .returning(['id', 'user_id', 'leave_type_id', 'start_date', 'end_date'])
    .executeTakeFirst();
}

/**
 * For each of these applications, the days of its type its applicant has left in the year it
 * starts (entitled less used less pending: its own days are held already), or null for a type
 * without a yearly limit.
 */
export async function balancesAfter(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: number; left: string | null }>`
    SELECT a.id, CASE WHEN t.max_days_per_year > 0 THEN (
        SELECT coalesce(sum(l.entitled_days - l.used_days - l.pending_days), 0) FROM leave_ledger l
        WHERE l.user_id = a.user_id AND l.leave_type_id = a.leave_type_id
          AND l.leave_year = extract(year FROM a.start_date)::int) END AS left
    FROM leave_applications a JOIN leave_types t ON t.id = a.leave_type_id
    WHERE a.id = ANY (${[...ids]}::int[])`.execute(db);
  return new Map(result.rows.map((r) => [r.id, r.left === null ? null : Number(r.left)]));
}

/** The applicants of these applications (those that exist) and their departments. */
export async function applicationOwners(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('leave_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.department_id', 'a.approval_step', 'a.approver_id'])
    .where('a.id', 'in', [...ids])
    .execute();
}

/**
 * One application, locked until the transaction ends: a decision or a second cancellation
 * racing this one waits, then sees the status this one left.
 */
export async function lockApplication(db: Db, id: number) {
  return db
    .selectFrom('leave_applications as a')
    .innerJoin('leave_types as t', 't.id', 'a.leave_type_id')
    .select([
      'a.id',
      'a.user_id',
      'a.leave_type_id',
      't.leave_name',
      'a.status',
      'a.start_date',
      'a.end_date',
      'a.decided_by',
    ])
    .where('a.id', '=', id)
    .forUpdate('a')
    .executeTakeFirst();
}

/**
 * The applicant cancels their application from the status it had when locked. Who decided it and
 * what they said stay in the audit log; the row records who closed it last and when, as a
 * cancelled pending application always has. An approval's comment stays on the row.
 */
export async function cancelApplication(
  db: Db,
  id: number,
  from: 'pending' | 'approved',
  by: { userId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('leave_applications')
    .set({
      status: 'cancelled',
      decided_by: by.userId,
      decided_at: by.at,
      ...(from === 'pending' ? { admin_comments: null } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute();
}
