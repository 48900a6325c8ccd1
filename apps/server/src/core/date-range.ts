import { inclusiveDays } from '@atrium/contract/calendar';
import { AppError } from './errors';
import { counted } from './text';

/**
 * A 400 naming `endDate` (rule `range_too_long`) when [startDate, endDate] covers more than
 * `maxDays` days, start and end included: what a list, a report or an export reads grows with its
 * range, so each has a longest one. A start after the end is not judged here.
 */
export function checkRangeLength(startDate: string, endDate: string, maxDays: number): void {
  if (startDate > endDate || inclusiveDays(startDate, endDate) <= maxDays) return;
  const message = `A date range may cover at most ${counted(maxDays, 'day')}`;
  throw new AppError('validation_failed', message, [{ field: 'endDate', rule: 'range_too_long', message }]);
}
