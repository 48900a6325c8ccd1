import type { PeopleAnalyticsReport } from '@atrium/contract';
import { calendarDateText } from '@/lib/dates';
import type { RangeKind } from './range';

/** The range in words, for titles: "last 30 days", "this week", "Mon 2 Nov to Fri 13 Nov". */
export function rangePhrase(kind: RangeKind, dates: { startDate: string; endDate: string }): string {
  if (kind === 'week') return 'this week';
  if (kind === 'last7') return 'last 7 days';
  if (kind === 'last30') return 'last 30 days';
  const withYear = dates.startDate.slice(0, 4) !== dates.endDate.slice(0, 4);
  return `${calendarDateText(dates.startDate, withYear)} to ${calendarDateText(dates.endDate, withYear)}`;
}

/**
 * Chart titles that say what the charts show: the specification's "Weekly Traffic" where the
 * range is a week, the range itself otherwise (a 30-day chart is not weekly).
 */
export function chartTitles(kind: RangeKind, dates: { startDate: string; endDate: string }) {
  const phrase = rangePhrase(kind, dates);
  return {
    traffic: kind === 'week' || kind === 'last7' ? 'Weekly Traffic' : `Traffic, ${phrase}`,
    walkIn: `Walk-in Rate, ${phrase}`,
  };
}

/** What the trends were measured against, in a sentence. */
export function trendBasis(report: Pick<PeopleAnalyticsReport, 'comparedWith' | 'partialDay'>): string {
  const { startDate, endDate, until } = report.comparedWith;
  const withYear = startDate.slice(0, 4) !== endDate.slice(0, 4);
  const period = `${calendarDateText(startDate, withYear)} to ${calendarDateText(endDate, withYear)}`;
  if (report.partialDay && until)
    return `Today is not over, so its figures are so far and the trends compare like with like: with ${period}, up to ${until} on ${calendarDateText(endDate, false)}.`;
  return `Trends compare with the period of the same length just before: ${period}.`;
}
