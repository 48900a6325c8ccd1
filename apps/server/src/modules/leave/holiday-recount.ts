import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import type { HolidaysChanged } from '../organisation/holidays.service';
import { publishApplicationChanged } from './notifications';
import { recountLeaveOn } from './recount.repository';

/**
 * Working-days-only leave that covers a changed holiday at the applicant's site charges its days anew, in the holiday's
 * transaction, each recount audited on its application.
 */
export function recountLeaveOnHolidays(bus: EventBus, clock: OrgClock) {
  return async (trx: Kysely<Database>, { actor, changes, note }: HolidaysChanged): Promise<void> => {
    const recounted = await recountLeaveOn(trx, changes, { userId: actor.userId, at: clock.now(), note });
    for (const application of recounted) {
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'leave.recounted',
        targetType: 'leave_application',
        targetId: application.id,
        ip: actor.ip,
        details: {
          reason: note,
          status: application.status,
          before: application.before,
          after: application.after,
        },
      });
      // The applicant's and the admins' screens refresh their balances and lists.
      await publishApplicationChanged(bus, trx, application, application.status);
    }
  };
}
