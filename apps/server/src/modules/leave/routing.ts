import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import type { TeamsChanged } from '../../core/teams-changed';
import type { Database } from '../../db/schema';
import { readLeaveEscalationDays } from '../organisation/organisation.repository';
import { fullName } from '../people/people.repository';
import { displayPeriod } from './dates';
import { findApplication } from './leave.repository';
import { mailLeaveEscalated } from './leave-mails';
import { notifyPerson, publishApplicationChanged } from './notifications';
import {
  ESCALATION_BATCH,
  escalateOverdue,
  holdEscalationLock,
  type Moved,
  rerouteWaiting,
} from './routing.repository';

/** Often enough that an overdue application moves within the hour it became overdue. */
const ESCALATE_EVERY_MS = 15 * 60_000;

/**
 * What follows an application's move to another approver: an audit row saying from whom to whom
 * and why, the queues of both refreshed live, and a notice to the new approver (escalations also
 * mail them, since an overdue application means they have not been looking).
 */
async function announceMoves(
  trx: Kysely<Database>,
  bus: EventBus,
  moved: Moved[],
  how: {
    action: 'leave.rerouted' | 'leave.escalated';
    actorUserId: number | null;
    ip?: string;
    reason: string;
  },
): Promise<void> {
  for (const move of moved) {
    await recordAudit(trx, {
      actorUserId: how.actorUserId,
      action: how.action,
      targetType: 'leave_application',
      targetId: move.id,
      ip: how.ip,
      details: { applicant: move.user_id, from: move.from_id, to: move.to_id, reason: how.reason },
    });
    await publishApplicationChanged(bus, trx, move, 'pending', [move.from_id, move.to_id]);
    const application = (await findApplication(trx, move.id))!;
    if (how.action === 'leave.escalated') {
      // Mailed in the sweep's transaction: an approver who never opens the app learns of it, and
      // a batch that rolls back mails nobody. Null: the administrators decide it now.
      await mailLeaveEscalated(trx, move.to_id, {
        applicantId: move.user_id,
        applicantName: `${application.first_name} ${application.last_name}`,
        typeName: application.leave_type_name,
        startDate: application.start_date,
        endDate: application.end_date,
        reason: how.reason,
      });
    }
    if (move.to_id === null) continue;
    const verb = how.action === 'leave.escalated' ? 'was escalated to you' : 'now waits for you';
    await notifyPerson(
      bus,
      trx,
      { id: move.to_id, name: await fullName(trx, move.to_id) },
      {
        message: `${application.first_name} ${application.last_name}'s ${application.leave_type_name} ${displayPeriod(application.start_date, application.end_date)} ${verb}`,
        type: 'info',
      },
    );
  }
}

/** Runs inside the transaction of a change to who manages whom: waiting leave follows it. */
export function rerouteLeaveOnTeamsChanged(bus: EventBus, clock: OrgClock) {
  return async (trx: Kysely<Database>, change: TeamsChanged): Promise<void> => {
    const today = await clock.today();
    const moved = await rerouteWaiting(trx, today.date, today.now, change.scope);
    await announceMoves(trx, bus, moved, {
      action: 'leave.rerouted',
      actorUserId: change.actorUserId,
      ip: change.ip,
      reason: change.reason,
    });
  };
}

/**
 * One sweep: every application overdue at its approver goes one level up, a batch per
 * transaction (each move is audited and announced), until none is left.
 */
export async function escalateLeave(db: Kysely<Database>, bus: EventBus, clock: OrgClock): Promise<Moved[]> {
  const days = await readLeaveEscalationDays(db);
  if (days === 0) return [];
  const today = await clock.today();
  const all: Moved[] = [];
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      // Another process is sweeping: it moves what is overdue.
      if (!(await holdEscalationLock(trx))) return [];
      const batch = await escalateOverdue(trx, today, days);
      await announceMoves(trx, bus, batch, {
        action: 'leave.escalated',
        actorUserId: null,
        reason: `Waited more than ${days} working days`,
      });
      return batch;
    });
    all.push(...moved);
    if (moved.length < ESCALATION_BATCH) return all;
  }
}

export function scheduleLeaveEscalation(
  db: Kysely<Database>,
  bus: EventBus,
  clock: OrgClock,
  onError: (error: unknown) => void,
): () => void {
  const run = () => escalateLeave(db, bus, clock).catch(onError);
  void run();
  const timer = setInterval(() => void run(), ESCALATE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
