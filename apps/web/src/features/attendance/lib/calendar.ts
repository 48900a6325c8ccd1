import { organisationToday } from '@/lib/org-time';
/** Month arithmetic on 'YYYY-MM' and 'YYYY-MM-DD' strings, free of time zones. */

/** An inclusive span of calendar days, both ends 'YYYY-MM-DD'. */
export interface DateRange {
  start: string;
  end: string;
}

export interface CalendarCell {
  date: string;
  day: number;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

export function monthBounds(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: `${month}-01`, end: iso(new Date(Date.UTC(y, m, 0))) };
}

/**
 * A Sunday-first grid of whole weeks covering the month: always at least six weeks (42 cells),
 * so the layout does not jump between months.
 */
export function monthGrid(month: string): CalendarCell[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const weeks = Math.max(6, Math.ceil((first.getUTCDay() + daysInMonth) / 7));
  return Array.from({ length: weeks * 7 }, (_, i) => {
    const d = new Date(start.getTime() + i * 86_400_000);
    return { date: iso(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === m - 1 };
  });
}

export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** Today on the organisation's clock, 'YYYY-MM-DD'. */
export const todayLocal = organisationToday;

export { addDays } from '@atrium/contract/calendar';
