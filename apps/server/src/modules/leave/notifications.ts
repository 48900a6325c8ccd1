import type { LeaveNotificationType, LeaveStatus } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { applicationChanged, statusNotification } from './leave.presenter';

/**
 * Live events of the leave domain (built by the presenter). Published with the transaction, so
 * they exist, and reach sockets, only once the change has committed.
 */

export async function publishApplicationChanged(
  bus: EventBus,
  trx: Kysely<Database>,
  application: { id: number; user_id: number },
  status: LeaveStatus,
  /** Approvers whose queues it joins or leaves, who may be outside the applicant's teams. */
  approvers: (number | null)[] = [],
): Promise<void> {
  await bus.publish(applicationChanged(application, status, approvers), trx);
}

/** A toast for one person: the applicant of a decision, or the approver of a cancelled leave. */
export async function notifyPerson(
  bus: EventBus,
  trx: Kysely<Database>,
  person: { id: number; name: string },
  text: { message: string; type: LeaveNotificationType },
): Promise<void> {
  await bus.publish(statusNotification(person, text), trx);
}
