import { organisationClock } from '@/lib/org-time';

/** Hour and minute of an instant on the organisation's clock (24-hour). */
export function formatTime(instant: string | null | undefined): string | null {
  return instant ? organisationClock(instant) : null;
}

/** Hours rounded to one decimal, as the admin table shows them. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '—' : hours.toFixed(1);
}

export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export const STATUS_LABEL = { complete: 'Complete', checked_in: 'Checked In', absent: 'Absent' } as const;
export const STATUS_TONE = { complete: 'success', checked_in: 'warning', absent: 'danger' } as const;
