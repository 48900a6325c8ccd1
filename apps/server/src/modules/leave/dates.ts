import { monthRange } from '@atrium/contract/calendar';

export function monthBounds(year: number, month: number): { first: string; last: string } {
  const { start, end } = monthRange(`${year}-${String(month).padStart(2, '0')}`);
  return { first: start, last: end };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date as people read it in a message ("3 Jul 2026"): the format the web shows dates
 * of leave in, so a toast quoting the server says them the same way as the screen around it.
 */
export function displayDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** A period in a message: "on 3 Jul 2026" for one day, else "from 3 Jul 2026 to 5 Jul 2026". */
export function displayPeriod(start: string, end: string): string {
  return start === end ? `on ${displayDate(start)}` : `from ${displayDate(start)} to ${displayDate(end)}`;
}
