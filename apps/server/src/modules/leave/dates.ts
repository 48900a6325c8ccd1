import { monthRange } from '@atrium/contract/calendar';

export function monthBounds(year: number, month: number): { first: string; last: string } {
  const { start, end } = monthRange(`${year}-${String(month).padStart(2, '0')}`);
  return { first: start, last: end };
}

// Dates in messages are worded in one place for the whole server.
export { displayDate, displayPeriod } from '../../core/text';
