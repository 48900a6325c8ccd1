import type { LeaveApplication, LeaveStatus } from '@atrium/contract';
import type { BadgeTone } from '@/components/ui/Badge';

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

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date as "3 Jul 2026"; it has no zone, so it is formatted in UTC to never shift. */
export const formatDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

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
