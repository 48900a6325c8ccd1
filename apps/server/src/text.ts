/**
 * How the server words things people read in its messages: dates ("3 Jul 2026", the format the
 * web shows dates in) and counts ("1 day", "2 days"), so every message says them alike.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD) as people read it in a message: "3 Jul 2026". */
export function displayDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** A period in a message: "on 3 Jul 2026" for one day, else "from 3 Jul 2026 to 5 Jul 2026". */
export function displayPeriod(start: string, end: string): string {
  return start === end ? `on ${displayDate(start)}` : `from ${displayDate(start)} to ${displayDate(end)}`;
}

/** A count with its noun: "1 day", "2 days" ("1 person", "3 people" with the plural given). */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? singular : plural}`;
}
