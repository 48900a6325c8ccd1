import type { Person } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { Database } from '../../db/schema';
import type { SessionCache } from '../auth/session-cache';
import { usersChanged } from './people.presenter';
import { findPerson, isActivePerson, setLeaveApprover } from './people.repository';

const invalid = (rule: string, message: string) =>
  new AppError('validation_failed', `approverId ${message}`, [{ field: 'approverId', rule, message }]);

/**
 * A person's own leave approver (Frappe's per-employee leave approver): wins over their
 * department's managers. Being one makes a staff member act as a manager (standing.repository),
 * so the old and new approvers' sessions are read again, and waiting applications follow.
 */
export class LeaveApproverService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly sessions: SessionCache,
    private readonly teamsChanged: TransactionHooks<TeamsChanged>,
  ) {}

  async set(actor: Actor, userId: number, approverId: number | null): Promise<Person> {
    authorize(actor, 'people.manage');
    if (approverId === userId) throw invalid('not_self', 'must be someone other than the person');
    const touched = await this.db.transaction().execute(async (trx) => {
      const before = await findPerson(trx, userId, true);
      if (!before) throw notFound('Person');
      if (approverId !== null) {
        const approver = await isActivePerson(trx, approverId);
        if (!approver) throw invalid('active_person', 'must be an active person');
      }
      const old = before.leave_approver?.id ?? null;
      if (old === approverId) return [];
      await setLeaveApprover(trx, userId, approverId);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.leave_approver_changed',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: { old, new: approverId },
      });
      await this.teamsChanged.run(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        reason: "A person's own leave approver changed",
        scope: { userIds: [userId] },
      });
      const standing = [old, approverId].filter((id): id is number => id !== null);
      await this.bus.publish(usersChanged(standing), trx);
      return standing;
    });
    if (touched.length > 0) this.sessions.forgetUsers(touched);
    const person = await findPerson(this.db, userId);
    if (!person) throw notFound('Person');
    return person;
  }
}
