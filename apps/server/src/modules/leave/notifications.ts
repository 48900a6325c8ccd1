import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/bus';

/**
 * Live events of the leave domain. Published with the transaction, so they reach sockets only
 * once the change has committed (NOTIFY is delivered on commit).
 */

export async function publishApplicationChanged(
  bus: EventBus,
  trx: Kysely<Database>,
  application: { id: number; user_id: number },
  status: string,
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

export async function notifyApplicant(
  bus: EventBus,
  trx: Kysely<Database>,
  applicant: { id: number; name: string },
  text: { message: string; type: 'success' | 'error' | 'info' },
): Promise<void> {
  await bus.publish(
    {
      kind: 'live',
      type: 'leave_status_notification',
      data: { message: text.message, type: text.type, user: applicant },
      audience: { userIds: [applicant.id] },
    },
    trx,
  );
}

export async function applicantName(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${row.first_name} ${row.last_name}`;
}
