import { inclusiveDays, monthRange, yearOf } from '@atrium/contract/calendar';

/** A period cut at year ends: leave years are calendar years, each charged its own days. */
export function yearSegments(start: string, end: string): { year: number; days: number }[] {
  const segments: { year: number; days: number }[] = [];
  for (let year = yearOf(start); year <= yearOf(end); year++) {
    const from = year === yearOf(start) ? start : `${year}-01-01`;
    const to = year === yearOf(end) ? end : `${year}-12-31`;
    segments.push({ year, days: inclusiveDays(from, to) });
  }
  return segments;
}

export function monthBounds(year: number, month: number): { first: string; last: string } {
  const { start, end } = monthRange(`${year}-${String(month).padStart(2, '0')}`);
  return { first: start, last: end };
}
