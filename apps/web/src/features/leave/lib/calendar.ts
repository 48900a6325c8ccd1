/**
 * The admin leave calendar's month grid: 7 columns starting on Sunday, 35 cells as the spec
 * shows, grown to 42 for the months that need a sixth week so no day is ever cut off.
 */
export interface CalendarCell {
  date: string;
  inMonth: boolean;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function monthGrid(year: number, month: number): CalendarCell[] {
  const first = Date.UTC(year, month - 1, 1);
  const lead = new Date(first).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const size = lead + daysInMonth > 35 ? 42 : 35;
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  return Array.from({ length: size }, (_, i) => {
    const date = iso(first + (i - lead) * DAY_MS);
    return { date, inMonth: date.startsWith(prefix) };
  });
}

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
