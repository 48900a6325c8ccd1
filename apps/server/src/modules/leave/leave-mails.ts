import type { Kysely } from 'kysely';
import { queueMail, queueMails } from '../../core/outbox.repository';
import { displayPeriod } from '../../core/text';
import type { Database } from '../../db/schema';
import { activeAdmins, activePeople } from './mail-recipients.repository';

/*
 * The leave domain's mails, queued in the transaction of the change that causes them (the
 * outbox sends them once it commits). The toasts of notifications.ts reach whoever is signed
 * in; these reach people who are not.
 */

/**
 * Who decides next: the application's current approver, or the administrators when it waits at
 * their step (`approverId` null), never the applicant themselves.
 */
function approversToMail(trx: Kysely<Database>, approverId: number | null, applicantId: number) {
  return approverId === null ? activeAdmins(trx, applicantId) : activePeople(trx, [approverId]);
}

export interface SubmittedLeave {
  applicantId: number;
  applicantName: string;
  typeName: string;
  startDate: string;
  endDate: string;
  days: number;
  reason: string | null;
}

/**
 * "A request waits for you": to the application's current approver, or to the administrators
 * when it waits at their step (`approverId` null).
 */
export async function mailLeaveSubmitted(
  trx: Kysely<Database>,
  approverId: number | null,
  leave: SubmittedLeave,
): Promise<void> {
  const to = await approversToMail(trx, approverId, leave.applicantId);
  const period = displayPeriod(leave.startDate, leave.endDate);
  await queueMails(
    trx,
    to.map((person) => ({
      kind: 'leave_submitted' as const,
      to: person.email,
      userId: person.id,
      subject: `Leave request from ${leave.applicantName}`,
      greeting: `Hello ${person.first_name},`,
      paragraphs: [
        `${leave.applicantName} asks for ${leave.typeName} ${period} (${leave.days === 1 ? '1 day' : `${leave.days} days`}).`,
        ...(leave.reason ? [`Reason: ${leave.reason}`] : []),
        'It waits for your decision under Leave > Approvals in Atrium.',
      ],
    })),
  );
}

/** "Your leave was approved / rejected": to the applicant, with the approver's reason if any. */
export async function mailLeaveDecided(
  trx: Kysely<Database>,
  leave: { applicantId: number; typeName: string; startDate: string; endDate: string },
  decision: { status: 'approved' | 'rejected'; comments: string | null; by: string },
): Promise<void> {
  const [applicant] = await activePeople(trx, [leave.applicantId]);
  if (!applicant) return;
  const period = displayPeriod(leave.startDate, leave.endDate);
  await queueMail(trx, {
    kind: 'leave_decided',
    to: applicant.email,
    userId: applicant.id,
    subject: `Your leave was ${decision.status}`,
    greeting: `Hello ${applicant.first_name},`,
    paragraphs: [
      `${decision.by} ${decision.status} your ${leave.typeName} ${period}.`,
      ...(decision.comments ? [`Comment: ${decision.comments}`] : []),
    ],
  });
}

export interface EscalatedLeave {
  applicantId: number;
  applicantName: string;
  typeName: string;
  startDate: string;
  endDate: string;
  /** Why it moved ("Waited more than 3 working days"), said to the new approver. */
  reason: string;
}

/**
 * "A request was escalated to you": to the approver an overdue application moved up to, or to
 * the administrators when it reached the top (`approverId` null).
 */
export async function mailLeaveEscalated(
  trx: Kysely<Database>,
  approverId: number | null,
  leave: EscalatedLeave,
): Promise<void> {
  const to = await approversToMail(trx, approverId, leave.applicantId);
  const period = displayPeriod(leave.startDate, leave.endDate);
  await queueMails(
    trx,
    to.map((person) => ({
      kind: 'leave_escalated' as const,
      to: person.email,
      userId: person.id,
      subject: `Leave request from ${leave.applicantName} escalated to you`,
      greeting: `Hello ${person.first_name},`,
      paragraphs: [
        `${leave.applicantName}'s ${leave.typeName} ${period} was escalated to you: ${leave.reason.charAt(0).toLowerCase()}${leave.reason.slice(1)} without a decision.`,
        'It waits for your decision under Leave > Approvals in Atrium.',
      ],
    })),
  );
}
