import type { LeavePolicy, LeavePolicyRequest } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import { counted } from '../../core/text';
import type { LeaveDeps } from './leave.context';
import { toPolicy } from './leave.presenter';
import {
  adjustEntitlements,
  countApplicationsOfType,
  deleteLeaveType,
  insertPolicy,
  listPolicies,
  lockPolicy,
  type PolicyValues,
  updatePolicy,
} from './policies.repository';

/** PostgreSQL's answer when a unique index refuses a row, or a foreign key a delete. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const pgCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

function duplicateName(error: unknown, values: PolicyValues): never {
  if (pgCode(error) === UNIQUE_VIOLATION) {
    throw new AppError(
      'conflict',
      `A leave type named ${values.name} or coded ${values.leaveCode} already exists`,
    );
  }
  throw error;
}

/** Leave types and their policies: anybody may read them, only administrators change them. */
export class LeavePoliciesService {
  constructor(private readonly deps: LeaveDeps) {}

  async list(actor: Actor): Promise<LeavePolicy[]> {
    authorize(actor, 'leave.types');
    return (await listPolicies(this.deps.db)).map(toPolicy);
  }

  async create(actor: Actor, input: LeavePolicyRequest): Promise<LeavePolicy> {
    authorize(actor, 'leave.configure');
    const values = normalise(input);
    const id = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const policyId = await insertPolicy(trx, values);
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'leave.policy_created',
          targetType: 'leave_policy',
          targetId: policyId,
          ip: actor.ip,
          details: { ...values },
        });
        return policyId;
      })
      .catch((error) => duplicateName(error, values));
    return toPolicy((await listPolicies(this.deps.db, id))[0]!);
  }

  async update(actor: Actor, policyId: number, input: LeavePolicyRequest): Promise<LeavePolicy> {
    authorize(actor, 'leave.configure');
    const values = normalise(input);
    const now = await this.deps.clock.today();
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const before = await lockPolicy(trx, policyId);
        if (!before) throw notFound('Leave policy');
        await updatePolicy(trx, policyId, before.leave_type_id, values);
        await adjustEntitlements(
          trx,
          before.leave_type_id,
          { from: before.max_days_per_year, to: values.maxDays },
          now.year,
          actor.userId,
          `Allowance changed from ${before.max_days_per_year} to ${counted(values.maxDays, 'day')}`,
        );
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'leave.policy_updated',
          targetType: 'leave_policy',
          targetId: policyId,
          ip: actor.ip,
          details: {
            before: { name: before.leave_name, maxDays: before.max_days_per_year },
            after: { ...values },
          },
        });
      })
      .catch((error) => duplicateName(error, values));
    return toPolicy((await listPolicies(this.deps.db, policyId))[0]!);
  }

  /** A type somebody applied for stays: its applications and ledger lines explain balances. */
  async remove(actor: Actor, policyId: number): Promise<void> {
    authorize(actor, 'leave.configure');
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const policy = await lockPolicy(trx, policyId);
        if (!policy) throw notFound('Leave policy');
        const applications = await countApplicationsOfType(trx, policy.leave_type_id);
        if (applications > 0) {
          throw new AppError(
            'conflict',
            `${policy.leave_name} has ${applications} application${applications === 1 ? '' : 's'} and cannot be deleted`,
            { applications },
          );
        }
        await deleteLeaveType(trx, policy.leave_type_id);
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'leave.policy_deleted',
          targetType: 'leave_policy',
          targetId: policyId,
          ip: actor.ip,
          details: { name: policy.leave_name },
        });
      })
      .catch((error) => {
        // An application that arrived while we were deleting: the foreign key said no.
        if (pgCode(error) === FOREIGN_KEY_VIOLATION) {
          throw new AppError('conflict', 'This leave type has applications and cannot be deleted');
        }
        throw error;
      });
  }
}

function normalise(input: LeavePolicyRequest): PolicyValues {
  return {
    name: input.name.trim(),
    leaveCode: input.leaveCode.trim(),
    description: (input.description ?? '').trim(),
    maxDays: input.maxDays,
    carryForward: input.carryForward,
    carryForwardCap: input.carryForward ? (input.carryForwardCap ?? 0) : 0,
    requiresApproval: input.requiresApproval,
    approvalRoute: input.approvalRoute ?? 'manager',
    // Only the manager's route has a step to add; the others already end with an administrator.
    adminStepOverDays:
      input.approvalRoute === 'manager' || input.approvalRoute === undefined
        ? (input.adminStepOverDays ?? null)
        : null,
    workingDaysOnly: input.workingDaysOnly ?? false,
    paid: input.paid ?? true,
  };
}
