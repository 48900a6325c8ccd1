import type { TeamCalendarDay } from '@atrium/contract';

/** A month of the team calendar: its year and month (1 to 12). */
export interface YearMonth {
  year: number;
  month: number;
}

/**
 * One cell of the Monday-first grid: a day of the month, or a blank (date null) before the 1st or
 * after the last; `key` tells the cells apart.
 */
export type GridCell = { key: string; date: string; day: number } | { key: string; date: null };

const pad = (n: number) => String(n).padStart(2, '0');

export const monthOf = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

/** The month `by` months after (before, when negative) the given one. */
export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "July 2026". */
export function monthName({ year, month }: YearMonth): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** The weekday headings, Monday first. */
export const WEEKDAY_HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The month in whole weeks, Monday first: blanks before the 1st and after the last day. */
export function mondayGrid({ year, month }: YearMonth): GridCell[] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const lead = (first + 6) % 7;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const weeks = Math.ceil((lead + days) / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => {
    const day = i - lead + 1;
    if (day < 1) return { key: `before-${day}`, date: null };
    if (day > days) return { key: `after-${day}`, date: null };
    const date = `${year}-${pad(month)}-${pad(day)}`;
    return { key: date, date, day };
  });
}

/** People off on a day: approved and pending leave together. */
export const offCount = (day: Pick<TeamCalendarDay, 'approved' | 'pending'>): number =>
  day.approved + day.pending;

/** A day's leave in words, as screen readers hear a day: "3 off, 1 pending, Clash"; empty without leave. */
export function offText(day: TeamCalendarDay | undefined): string {
  if (!day) return '';
  const parts = [`${offCount(day)} off`];
  if (day.pending > 0) parts.push(`${day.pending} pending`);
  if (day.clash) parts.push('Clash');
  return parts.join(', ');
}
