import { calendarDateText } from '@/lib/dates';
import { organisationClock, organisationToday } from '@/lib/org-time';

/** A calendar date in words: "Mon 18 Mar 2024". */
export const formatDay = (date: string): string => calendarDateText(date);

/** An instant on the organisation's clock: "Wed 25 Nov 2026, 11:40". */
export function formatInstant(instant: string): string {
  return `${formatDay(organisationToday(new Date(instant)))}, ${organisationClock(instant)}`;
}
