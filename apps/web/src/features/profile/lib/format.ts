import { organisationClock, organisationToday } from '@/lib/org-time';

/** A calendar date in words: "Mon 18 Mar 2024". */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant on the organisation's clock: "Wed 25 Nov 2026, 11:40". */
export function formatInstant(instant: string): string {
  return `${formatDay(organisationToday(new Date(instant)))}, ${organisationClock(instant)}`;
}
