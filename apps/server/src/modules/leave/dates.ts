/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings. A leave date has no time zone, so the maths is
 * done in UTC where no day is ever 23 or 25 hours long.
 */

const DAY_MS = 86_400_000;

const utc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

export const yearOf = (date: string) => Number(date.slice(0, 4));

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive length of a leave period: end - start + 1, as the product counts it. */
export function inclusiveDays(start: string, end: string): number {
  return Math.round((utc(end) - utc(start)) / DAY_MS) + 1;
}

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
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(lastDay).padStart(2, '0')}` };
}
