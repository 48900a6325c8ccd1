import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { can } from '../../core/policies';
import type { Database } from '../../db/schema';
import { delegatorFor, holdsApprovalsOf } from '../organisation/delegations.repository';

/** A pending application as far as deciding it goes. */
export interface Waiting {
  user_id: number;
  department_id: number | null;
  approval_step: 'manager' | 'admin' | null;
  approver_id: number | null;
}

/**
 * Whether the actor may decide the application, and on whose behalf: administrators any at any
 * step; at the manager step, its approver, a manager whose team holds the applicant (policies'
 * `team` reach), or someone holding either's approvals by delegation. `forbidden` means outside
 * their reach, `admin_step` that it waits for an administrator now.
 */
export async function reachOf(
  db: Kysely<Database>,
  actor: Actor,
  application: Waiting,
  today: string,
): Promise<{ may: true; onBehalfOf?: number } | { may: false; why: 'forbidden' | 'admin_step' }> {
  if (actor.role === 'admin') return { may: true };
  const inTeam = can(actor, 'leave.decide', {
    userId: application.user_id,
    departmentId: application.department_id,
  });
  const approver = application.approver_id;
  const forApprover =
    approver !== null &&
    approver !== actor.userId &&
    (await holdsApprovalsOf(db, actor.userId, approver, today));
  if (!inTeam && approver !== actor.userId && !forApprover) return { may: false, why: 'forbidden' };
  if (application.approval_step === 'admin') return { may: false, why: 'admin_step' };
  if (forApprover) return { may: true, onBehalfOf: approver };
  const onBehalfOf =
    approver === actor.userId
      ? undefined
      : await delegatorFor(db, actor.userId, application.department_id, today);
  return { may: true, onBehalfOf };
}
