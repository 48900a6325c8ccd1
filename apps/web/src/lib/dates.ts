import { organisationClock, organisationToday } from './org-time';

/**
 * A calendar date in words, "Wed 25 Nov 2026" (or "Wed 25 Nov" without the year). A date has no
 * time zone, so it is formatted as the UTC midnight it names and never shifts a day.
 */
export function calendarDateText(date: string, withYear = true): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date without its weekday, "25 Nov 2026", as leave periods are written; formatted as
 * the UTC midnight it names, so it never shifts a day.
 */
export function dayMonthYearText(date: string): string {
  return dayMonthYear.format(new Date(`${date}T00:00:00Z`));
}

/**
 * An instant on the organisation's clock, with its date in the same words as a calendar date:
 * "Wed 25 Nov 2026, 11:40" (or "Wed 25 Nov, 11:40" without the year).
 */
export function instantText(instant: string | Date, withYear = true): string {
  return `${calendarDateText(organisationToday(new Date(instant)), withYear)}, ${organisationClock(instant)}`;
}
