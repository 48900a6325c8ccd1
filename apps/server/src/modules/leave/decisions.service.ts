import type {
  BatchDecisionResponse,
  BatchDecisionResult,
  LeaveApplication,
  LeaveDecision,
} from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import { authorize, can } from '../../core/policies';
import { delegatorFor } from '../organisation/delegations.repository';
import { fullName } from '../people/people.repository';
import { bookApplication } from './balances';
import { displayPeriod } from './dates';
import type { LeaveDeps } from './leave.context';
import { decidedResult, refusedResult, toApplication, toBatchResponse } from './leave.presenter';
import {
  applicationOwnerAndStatus,
  applicationOwners,
  closePending,
  findApplication,
} from './leave.repository';
import { notifyPerson, publishApplicationChanged } from './notifications';

/**
 * Approving and rejecting leave, one at a time or in a batch: administrators anyone's, managers
 * their team's (policies' `team` reach), nobody their own.
 */
export class LeaveDecisionsService {
  constructor(private readonly deps: LeaveDeps) {}

  async decide(
    actor: Actor,
    id: number,
    status: LeaveDecision,
    adminComments?: string,
  ): Promise<LeaveApplication> {
    authorize(actor, 'leave.decide');
    const { db, bus } = this.deps;
    const now = await this.deps.clock.today();
    // A blank reason is no reason: the applicant sees none rather than an empty one.
    const reason = adminComments?.trim() || null;
    await db.transaction().execute(async (trx) => {
      const current = await applicationOwnerAndStatus(trx, id);
      if (!current) throw notFound('Leave application');
      authorize(actor, 'leave.decide', { userId: current.user_id, departmentId: current.department_id });
      // Whoever approves leave must not be the person taking it.
      if (current.user_id === actor.userId)
        throw new AppError(
          'not_your_approval',
          'You cannot decide your own leave application; another administrator must decide it',
        );
      // A delegate deciding for a manager whose approvals they hold says so.
      const onBehalfOf =
        actor.role === 'admin'
          ? undefined
          : await delegatorFor(trx, actor.userId, current.department_id, now.date);
      // The conditional update is the referee when two approvers decide at once.
      const closed = await closePending(trx, id, {
        status,
        by: actor.userId,
        at: now.now,
        comments: reason,
        onBehalfOf,
      });
      if (!closed) {
        const latest = await applicationOwnerAndStatus(trx, id);
        throw new AppError(
          'conflict',
          `Only pending applications can be decided; this one is already ${latest?.status ?? current.status}`,
          { status: latest?.status ?? current.status },
        );
      }
      await bookApplication(
        trx,
        closed,
        status === 'approved' ? 'application_approved' : 'application_rejected',
        {
          userId: actor.userId,
          at: now.now,
          note: status === 'approved' ? 'Approved' : 'Rejected',
        },
      );
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: status === 'approved' ? 'leave.approved' : 'leave.rejected',
        targetType: 'leave_application',
        targetId: id,
        ip: actor.ip,
        details: { applicant: closed.user_id, comments: reason, on_behalf_of: onBehalfOf ?? null },
      });
      await publishApplicationChanged(bus, trx, closed, status);
      const application = (await findApplication(trx, id))!;
      await notifyPerson(
        bus,
        trx,
        { id: closed.user_id, name: await fullName(trx, closed.user_id) },
        {
          // The applicant reads the reason for a rejection in the toast too.
          message: `Your ${application.leave_type_name} ${displayPeriod(closed.start_date, closed.end_date)} was ${status}${status === 'rejected' && reason ? `: ${reason}` : ''}`,
          type: status === 'approved' ? 'success' : 'error',
        },
      );
    });
    return toApplication((await findApplication(db, id))!);
  }

  /**
   * Each application is decided in its own transaction, so one that was already decided does
   * not undo the others; the answer says what happened to every one. The actor's own
   * application is skipped (outcome conflict, with the reason), never decided.
   */
  async batch(
    actor: Actor,
    applicationIds: number[],
    action: LeaveDecision,
    adminComments?: string,
  ): Promise<BatchDecisionResponse> {
    authorize(actor, 'leave.decide');
    const ids = [...new Set(applicationIds)];
    // An id beyond the caller's reach refuses the whole batch before anything is decided: a
    // manager's selection that mixes in someone else's team is a mistake to show, not to half do.
    const outside = (await applicationOwners(this.deps.db, ids))
      .filter((a) => !can(actor, 'leave.decide', { userId: a.user_id, departmentId: a.department_id }))
      .map((a) => a.id)
      .sort((a, b) => a - b);
    if (outside.length > 0) {
      const which = `${outside.length === 1 ? 'application' : 'applications'} ${outside.join(', ')}`;
      throw new AppError('forbidden', `You may not decide ${which}: outside your team; nothing was decided`, [
        { field: 'applicationIds', rule: 'in_scope', message: `Outside your team: ${outside.join(', ')}` },
      ]);
    }
    const results: BatchDecisionResult[] = [];
    for (const applicationId of ids) {
      try {
        const application = await this.decide(actor, applicationId, action, adminComments);
        results.push(decidedResult(applicationId, application.status, action));
      } catch (error) {
        if (
          !(error instanceof AppError) ||
          !['conflict', 'not_found', 'forbidden', 'not_your_approval'].includes(error.code)
        )
          throw error;
        const current = await applicationOwnerAndStatus(this.deps.db, applicationId);
        results.push(refusedResult(applicationId, error.code, current?.status ?? null, error.message));
      }
    }
    return toBatchResponse(results);
  }
}
