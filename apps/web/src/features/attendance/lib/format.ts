import { calendarDateText } from '@/lib/dates';
import { organisationClock } from '@/lib/org-time';

/** Hour and minute of an instant on the organisation's clock (24-hour). */
export function formatTime(instant: string | null | undefined): string | null {
  return instant ? organisationClock(instant) : null;
}

/** Hours rounded to one decimal, as the admin table shows them. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '—' : hours.toFixed(1);
}

export const formatDate = (date: string): string => calendarDateText(date);

export const STATUS_LABEL = { complete: 'Complete', checked_in: 'Checked In', absent: 'Absent' } as const;
export const STATUS_TONE = { complete: 'success', checked_in: 'warning', absent: 'danger' } as const;
