import type { LeaveNotificationType, LeaveStatus } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';

/**
 * Live events of the leave domain. Published with the transaction, so they reach sockets only
 * once the change has committed (NOTIFY is delivered on commit).
 */

export async function publishApplicationChanged(
  bus: EventBus,
  trx: Kysely<Database>,
  application: { id: number; user_id: number },
  status: LeaveStatus,
): Promise<void> {
  await bus.publish(
    {
      kind: 'live',
      type: 'leave_application_update',
      data: { applicationId: application.id, status },
      // Admins see every change; the applicant's own screens refresh too.
      audience: { admins: true, userIds: [application.user_id] },
    },
    trx,
  );
}

/** A toast for one person: the applicant of a decision, or the approver of a cancelled leave. */
export async function notifyPerson(
  bus: EventBus,
  trx: Kysely<Database>,
  person: { id: number; name: string },
  text: { message: string; type: LeaveNotificationType },
): Promise<void> {
  await bus.publish(
    {
      kind: 'live',
      type: 'leave_status_notification',
      data: { message: text.message, type: text.type, user: person },
      audience: { userIds: [person.id] },
    },
    trx,
  );
}
