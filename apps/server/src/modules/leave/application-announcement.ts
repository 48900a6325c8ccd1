import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { fullName } from '../people/people.repository';
import { displayPeriod } from './dates';
import { mailLeaveSubmitted } from './leave-mails';
import { notifyPerson, publishApplicationChanged } from './notifications';
import type { Route } from './routing.repository';

export interface NewApplication {
  application: { id: number; user_id: number };
  applicant: number;
  type: { leave_name: string };
  period: { startDate: string; endDate: string };
  days: number;
  /** Where it waits for a decision; none when its type needs no approval (approved at once). */
  route: Route | undefined;
  reason: string | null;
}

/**
 * Everyone a new application concerns hears of it, in the transaction that made it: the live
 * queues, other systems (webhooks), the approver by mail and toast, and the applicant when it
 * was approved at once.
 */
export async function announceApplication(
  bus: EventBus,
  trx: Kysely<Database>,
  fresh: NewApplication,
): Promise<void> {
  const { application, applicant, type, period, days, route } = fresh;
  const automatic = route === undefined;
  await publishApplicationChanged(bus, trx, application, automatic ? 'approved' : 'pending', [
    route?.approverId ?? null,
  ]);
  const told = {
    applicationId: application.id,
    personId: applicant,
    leaveType: type.leave_name,
    startDate: period.startDate,
    endDate: period.endDate,
    days,
  };
  await bus.publish(
    { kind: 'integration', type: 'leave.submitted', data: { ...told, status: 'pending' } },
    trx,
  );
  const when = displayPeriod(period.startDate, period.endDate);
  if (automatic) {
    await bus.publish(
      { kind: 'integration', type: 'leave.decided', data: { ...told, status: 'approved', decidedBy: null } },
      trx,
    );
    await notifyPerson(
      bus,
      trx,
      { id: applicant, name: await fullName(trx, applicant) },
      { message: `Your ${type.leave_name} ${when} was approved`, type: 'success' },
    );
    return;
  }
  const applicantName = await fullName(trx, applicant);
  await mailLeaveSubmitted(trx, route.approverId, {
    applicantId: applicant,
    applicantName,
    typeName: type.leave_name,
    startDate: period.startDate,
    endDate: period.endDate,
    days,
    reason: fresh.reason,
  });
  if (route.approverId) {
    await notifyPerson(
      bus,
      trx,
      { id: route.approverId, name: await fullName(trx, route.approverId) },
      { message: `${applicantName} applied for ${type.leave_name} ${when}`, type: 'info' },
    );
  }
}
