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

/** Field names whose words are not just their parts. */
const FIELD_WORDS: Record<string, string> = {
  check_in_time: 'check-in',
  check_out_time: 'check-out',
  userIds: 'people',
  userId: 'person',
  applicationIds: 'applications',
  url: 'URL',
  stream_url: 'stream URL',
};

/**
 * An API field name in words, capitalised, to start a sentence: "startDate" and "start_date" say
 * "Start date", "check_in_time" "Check-in"; list positions ("userIds.0") are left out. The
 * response's `details[].field` keeps the API name; this is only for the sentence.
 */
export function fieldWords(field: string): string {
  const parts = field.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  const words = parts
    .map(
      (p) =>
        FIELD_WORDS[p] ??
        p
          .replace(/_/g, ' ')
          .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
          .toLowerCase(),
    )
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'The request';
}
