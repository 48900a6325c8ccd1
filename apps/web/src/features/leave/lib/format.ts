import type { ApprovalRoute, LeaveApplication, LeavePolicy, LeaveStatus } from '@atrium/contract';
import type { BadgeTone } from '@/components/ui/Badge';
import { dayMonthYearText } from '@/lib/dates';

/** Spec colours: pending yellow, approved green, rejected red, anything else grey. */
export const statusTone = (status: LeaveStatus | string): BadgeTone =>
  status === 'pending'
    ? 'warning'
    : status === 'approved'
      ? 'success'
      : status === 'rejected'
        ? 'danger'
        : 'neutral';

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A calendar date as "3 Jul 2026"; it has no zone, so it is formatted in UTC to never shift. */
export const formatDate = dayMonthYearText;

/** An application's dates with its halves: "10 Aug 2026, morning", "3 Aug 2026 (afternoon) – 4 Aug 2026". */
export function formatPeriod(
  a: Pick<LeaveApplication, 'start_date' | 'end_date' | 'start_half' | 'end_half'>,
): string {
  if (a.start_date === a.end_date) {
    const half = a.start_half === 'afternoon' ? 'afternoon' : a.end_half === 'morning' ? 'morning' : null;
    return half ? `${formatDate(a.start_date)}, ${half}` : formatDate(a.start_date);
  }
  const start = `${formatDate(a.start_date)}${a.start_half === 'afternoon' ? ' (afternoon)' : ''}`;
  const end = `${formatDate(a.end_date)}${a.end_half === 'morning' ? ' (morning)' : ''}`;
  return `${start} – ${end}`;
}

/**
 * Who decided an application: "Dev Delegate", or "Dev Delegate on behalf of Maud Manager" when a
 * delegate decided for the manager who handed them their approvals; "Automatic" when nobody did.
 */
export function decidedBy(a: Pick<LeaveApplication, 'decided_by' | 'on_behalf_of' | 'decided_at'>): string {
  if (!a.decided_by) return a.decided_at ? 'Automatic' : 'N/A';
  return a.on_behalf_of ? `${a.decided_by.name} on behalf of ${a.on_behalf_of.name}` : a.decided_by.name;
}

/** Applied date: applied_at, else created_at, else N/A (spec). */
export function appliedDate(application: Pick<LeaveApplication, 'applied_at' | 'created_at'>): string {
  const value = application.applied_at || application.created_at;
  return value ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(value)) : 'N/A';
}

export const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What older rejections carried instead of a reason: it tells the applicant nothing. */
const FIXED_REJECTION = 'Application rejected by admin';

/** The administrator's reason for a rejection, when they gave one. */
export function rejectionReason(a: Pick<LeaveApplication, 'status' | 'admin_comments'>): string | null {
  const reason = a.status === 'rejected' ? a.admin_comments?.trim() : undefined;
  return reason && reason !== FIXED_REJECTION ? reason : null;
}

/**
 * Whether the applicant may still cancel: while it is pending, or once approved until its first
 * day (`today` on the organisation's clock; the server decides the same way).
 */
export const cancellable = (a: Pick<LeaveApplication, 'status' | 'start_date'>, today: string) =>
  a.status === 'pending' || (a.status === 'approved' && a.start_date > today);

/** The approval routes a policy offers, in the words the policy form shows. */
export const APPROVAL_ROUTES: { value: ApprovalRoute; label: string }[] = [
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Administrator' },
  { value: 'manager_then_admin', label: 'Manager, then administrator' },
];

type PolicyApproval = Pick<LeavePolicy, 'requires_approval' | 'approval_route' | 'admin_step_over_days'>;

/**
 * Who decides a policy's applications: "Manager (administrator too above 5 days)", "Manager, then
 * administrator"; null when they need no approval (approved at once).
 */
export function approvalRouteText(policy: PolicyApproval): string | null {
  if (!policy.requires_approval) return null;
  const route =
    APPROVAL_ROUTES.find((r) => r.value === policy.approval_route)?.label ?? policy.approval_route;
  const above =
    policy.approval_route === 'manager' && policy.admin_step_over_days !== null
      ? ` (administrator too above ${plural(policy.admin_step_over_days, 'day')})`
      : '';
  return `${route}${above}`;
}

/** "Approval: Manager, then administrator", or "Approval: not required". */
export const approvalText = (policy: PolicyApproval) =>
  `Approval: ${approvalRouteText(policy) ?? 'not required'}`;

/**
 * Whom a pending application waits for: "Waiting for Sam Rivera (then an administrator)",
 * "Approved by Sam Rivera; waiting for an administrator"; null once it is decided.
 */
export function waitingFor(
  a: Pick<LeaveApplication, 'status' | 'approval_step' | 'approver' | 'admin_step' | 'manager_approved_by'>,
  /** The reader: an application waiting for them says so. */
  viewerId?: number,
): string | null {
  if (a.status !== 'pending') return null;
  if (a.approval_step === 'admin') {
    return a.manager_approved_by
      ? `Approved by ${a.manager_approved_by.name}; waiting for an administrator`
      : 'Waiting for an administrator';
  }
  if (a.approval_step !== 'manager') return null;
  const then = a.admin_step ? ' (then an administrator)' : '';
  const who = a.approver && a.approver.id === viewerId ? 'you' : (a.approver?.name ?? 'a manager');
  return `Waiting for ${who}${then}`;
}
