import { addDays, isoWeekday } from '@atrium/contract/calendar';

export type RangeKind = 'week' | 'last7' | 'last30' | 'custom';

export const RANGE_LABELS: Record<RangeKind, string> = {
  week: 'This week',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  custom: 'Custom',
};

/** Inclusive start and end dates of a range ending today (this week starts on Monday). */
export function rangeDates(
  kind: Exclude<RangeKind, 'custom'>,
  today: string,
): { startDate: string; endDate: string } {
  if (kind === 'week') return { startDate: addDays(today, 1 - isoWeekday(today)), endDate: today };
  return { startDate: addDays(today, kind === 'last7' ? -6 : -29), endDate: today };
}
