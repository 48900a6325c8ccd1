import type { ApprovalRoute } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** All SQL for leave types and their policies (a policy is the rule book of one type). */

type Db = Kysely<Database>;

function typesWithPolicy(db: Db) {
  return db
    .selectFrom('leave_types as t')
    .innerJoin('leave_policies as p', 'p.leave_type_id', 't.id')
    .select([
      't.id',
      't.leave_name',
      't.leave_code',
      't.max_days_per_year',
      't.paid',
      'p.id as policy_id',
      'p.description',
      'p.carry_forward',
      'p.carry_forward_cap',
      'p.requires_approval',
      'p.approval_route',
      'p.admin_step_over_days',
      'p.working_days_only',
    ]);
}

/** A leave type with its policy's rules. */
export type LeaveTypeRow = Awaited<ReturnType<ReturnType<typeof typesWithPolicy>['executeTakeFirstOrThrow']>>;

export async function listLeaveTypes(db: Db): Promise<LeaveTypeRow[]> {
  return typesWithPolicy(db).orderBy('t.id').execute();
}

export async function findLeaveType(db: Db, id: number) {
  return typesWithPolicy(db).where('t.id', '=', id).executeTakeFirst();
}

/** A leave type's policy and how many applications were made of the type. */
export type PolicyRow = LeaveTypeRow & { applications: number | null };

export async function listPolicies(db: Db, policyId?: number): Promise<PolicyRow[]> {
  let query = typesWithPolicy(db).select((eb) =>
    eb
      .selectFrom('leave_applications as a')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('a.leave_type_id', '=', 't.id')
      .as('applications'),
  );
  if (policyId !== undefined) query = query.where('p.id', '=', policyId);
  return query.orderBy('t.id').execute();
}

export interface PolicyValues {
  name: string;
  leaveCode: string;
  description: string;
  maxDays: number;
  carryForward: boolean;
  carryForwardCap: number;
  requiresApproval: boolean;
  approvalRoute: ApprovalRoute;
  adminStepOverDays: number | null;
  /** Applications made from now on count working days; earlier ones keep what they charged. */
  workingDaysOnly: boolean;
  /** Whether the type's days are paid (the Payroll report). */
  paid: boolean;
}

export async function insertPolicy(db: Db, v: PolicyValues): Promise<number> {
  const type = await db
    .insertInto('leave_types')
    .values({ leave_name: v.name, leave_code: v.leaveCode, max_days_per_year: v.maxDays, paid: v.paid })
    .returning('id')
    .executeTakeFirstOrThrow();
  const policy = await db
    .insertInto('leave_policies')
    .values({
      leave_type_id: type.id,
      description: v.description,
      carry_forward: v.carryForward,
      carry_forward_cap: v.carryForward ? v.carryForwardCap : 0,
      requires_approval: v.requiresApproval,
      approval_route: v.approvalRoute,
      admin_step_over_days: v.adminStepOverDays,
      working_days_only: v.workingDaysOnly,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return policy.id;
}

/** Locks the policy's type row: a concurrent edit or delete of the same type waits. */
export async function lockPolicy(db: Db, policyId: number) {
  return db
    .selectFrom('leave_policies as p')
    .innerJoin('leave_types as t', 't.id', 'p.leave_type_id')
    .select(['p.id', 'p.leave_type_id', 't.leave_name', 't.max_days_per_year'])
    .where('p.id', '=', policyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePolicy(db: Db, policyId: number, typeId: number, v: PolicyValues): Promise<void> {
  await db
    .updateTable('leave_types')
    .set({ leave_name: v.name, leave_code: v.leaveCode, max_days_per_year: v.maxDays, paid: v.paid })
    .where('id', '=', typeId)
    .execute();
  await db
    .updateTable('leave_policies')
    .set({
      description: v.description,
      carry_forward: v.carryForward,
      carry_forward_cap: v.carryForward ? v.carryForwardCap : 0,
      requires_approval: v.requiresApproval,
      approval_route: v.approvalRoute,
      admin_step_over_days: v.adminStepOverDays,
      working_days_only: v.workingDaysOnly,
      updated_at: sql`now()`,
    })
    .where('id', '=', policyId)
    .execute();
}

/**
 * A changed allowance is booked as adjustment lines for everybody who already holds an
 * entitlement for this year or a later one; past years keep the rules they had. Each line is the
 * difference of the person's prorated share (leave_prorated_days), so a person employed half
 * the year gains half the new days.
 */
export async function adjustEntitlements(
  db: Db,
  typeId: number,
  change: { from: number; to: number },
  fromYear: number,
  by: number,
  note: string,
): Promise<void> {
  if (change.from === change.to) return;
  await sql`
    INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note, created_by)
    SELECT l.user_id, l.leave_type_id, l.leave_year, 'adjustment', d.delta, ${note}, ${by}
    FROM leave_ledger l
    JOIN users u ON u.id = l.user_id
    CROSS JOIN LATERAL (SELECT
      leave_prorated_days(${change.to}, u.start_date, u.end_date, l.leave_year)
      - leave_prorated_days(${change.from}, u.start_date, u.end_date, l.leave_year) AS delta) d
    WHERE l.leave_type_id = ${typeId} AND l.kind = 'entitlement' AND l.leave_year >= ${fromYear}
      AND d.delta <> 0`.execute(db);
}

export async function countApplicationsOfType(db: Db, typeId: number): Promise<number> {
  const row = await db
    .selectFrom('leave_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leave_type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteLeaveType(db: Db, typeId: number): Promise<void> {
  await db.deleteFrom('leave_types').where('id', '=', typeId).execute();
}
