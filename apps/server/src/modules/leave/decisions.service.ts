import type {
  BatchDecisionResponse,
  BatchDecisionResult,
  LeaveApplication,
  LeaveDecision,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, forbidden, notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { fullName } from '../people/people.repository';
import { reachOf } from './approval-reach';
import { bookApplication } from './balances';
import { displayPeriod } from './dates';
import type { LeaveDeps } from './leave.context';
import { decidedResult, refusedResult, toApplication, toBatchResponse } from './leave.presenter';
import {
  advanceToAdminStep,
  applicationOwnerAndStatus,
  applicationOwners,
  closePending,
  findApplication,
} from './leave.repository';
import { mailLeaveDecided, mailLeaveSubmitted } from './leave-mails';
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
      const reach = await reachOf(trx, actor, current, now.date);
      if (!reach.may && reach.why === 'forbidden') throw forbidden();
      // Whoever approves leave must not be the person taking it.
      if (current.user_id === actor.userId)
        throw new AppError(
          'not_your_approval',
          'You cannot decide your own leave application; another administrator must decide it',
        );
      if (!reach.may)
        throw new AppError('forbidden', 'This application waits for an administrator now', {
          approval_step: 'admin',
        });
      const onBehalfOf = reach.onBehalfOf;
      // The manager's approval of a two-step application hands it on to the administrators.
      if (
        status === 'approved' &&
        current.approval_step === 'manager' &&
        current.admin_step &&
        actor.role !== 'admin'
      ) {
        await this.advance(trx, actor, id, { at: now.now, comments: reason, onBehalfOf });
        return;
      }
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
      // Other systems (webhooks) hear of the final decision, not of a step handed on.
      await bus.publish(
        {
          kind: 'integration',
          type: 'leave.decided',
          data: {
            applicationId: id,
            personId: closed.user_id,
            leaveType: application.leave_type_name,
            startDate: application.start_date,
            endDate: application.end_date,
            status,
            decidedBy: actor.userId,
            comments: reason ?? null,
          },
        },
        trx,
      );
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
      await mailLeaveDecided(
        trx,
        {
          applicantId: closed.user_id,
          typeName: application.leave_type_name,
          startDate: closed.start_date,
          endDate: closed.end_date,
        },
        { status, comments: reason, by: await fullName(trx, actor.userId) },
      );
    });
    return toApplication((await findApplication(db, id))!);
  }

  private async advance(
    trx: Kysely<Database>,
    actor: Actor,
    id: number,
    how: { at: Date; comments: string | null; onBehalfOf?: number },
  ): Promise<void> {
    const advanced = await advanceToAdminStep(trx, id, { by: actor.userId, at: how.at });
    if (!advanced) throw new AppError('conflict', 'This application was decided or moved on meanwhile');
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'leave.manager_approved',
      targetType: 'leave_application',
      targetId: id,
      ip: actor.ip,
      details: { applicant: advanced.user_id, comments: how.comments, on_behalf_of: how.onBehalfOf ?? null },
    });
    await publishApplicationChanged(this.deps.bus, trx, advanced, 'pending', [actor.userId]);
    const application = (await findApplication(trx, id))!;
    await notifyPerson(
      this.deps.bus,
      trx,
      { id: advanced.user_id, name: await fullName(trx, advanced.user_id) },
      {
        message: `Your ${application.leave_type_name} ${displayPeriod(advanced.start_date, advanced.end_date)} was approved by your manager and now waits for an administrator`,
        type: 'info',
      },
    );
    // Now it waits for the administrators: they are its approvers from here.
    await mailLeaveSubmitted(trx, null, {
      applicantId: advanced.user_id,
      applicantName: await fullName(trx, advanced.user_id),
      typeName: application.leave_type_name,
      startDate: advanced.start_date,
      endDate: advanced.end_date,
      days: application.days_requested,
      reason: application.reason,
    });
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
    const today = await this.deps.clock.today();
    const outside: number[] = [];
    for (const application of await applicationOwners(this.deps.db, ids)) {
      const reach = await reachOf(this.deps.db, actor, application, today.date);
      if (!reach.may && reach.why === 'forbidden') outside.push(application.id);
    }
    outside.sort((a, b) => a - b);
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
