import { z } from 'zod';

/**
 * Building blocks every contract schema uses, so hostile input is refused with a 400 naming the
 * field and the rule before it reaches PostgreSQL (where it would be a 500): ids beyond the
 * `integer` columns, years the calendar code cannot handle, NUL bytes PostgreSQL text refuses.
 */

/** The largest value of a PostgreSQL `integer` column (ids and most counts). */
export const INT32_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to 2147483647. */
export const Id = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(INT32_MAX, { error: `must be at most ${INT32_MAX}` });

/** A row id in a path or query string: the same rule, read from its text. */
export const IdParam = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(INT32_MAX, { error: `must be at most ${INT32_MAX}` });

/** A screen narrowed to one site (the person's site filter); every site when absent. */
export const SiteQuery = z.object({ siteId: IdParam.optional() });

/** Keyset pages: pass `next_cursor` of one page as `cursor` of the next; null means no more. */
export const Cursor = z
  .string({ error: 'must be text' })
  .max(200, { error: 'must be at most 200 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be a cursor returned by the previous page' });

/** A page number or size read from a query string, from `min` to `max`. */
export const QueryInt = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** A keyset page: the previous page's `next_cursor` and how many rows (at most 100). */
export const KeysetPageQuery = z.object({
  cursor: Cursor.optional(),
  limit: QueryInt(1, 100).default(50),
});

/** The calendar the product deals in: attendance, leave, exports and reports stay inside it. */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2100-12-31';
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** The range rules judge only well-formed values; a malformed one gets the format's message alone. */
const wellFormedDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date without a time zone, as YYYY-MM-DD (attendance dates, leave days). */
export const CalendarDate = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  .refine((d) => !wellFormedDate.test(d) || (d >= FIRST_DATE && d <= LAST_DATE), {
    error: `must be a date from ${FIRST_DATE} to ${LAST_DATE}`,
    abort: true,
  });

/** An instant with its offset (ISO 8601, e.g. 2026-03-02T09:00:00+01:00), inside the same calendar. */
export const Timestamp = z.iso
  .datetime({ offset: true, error: 'must be a date and time as ISO 8601 with an offset' })
  .refine(
    (t) =>
      !wellFormedDate.test(t.slice(0, 10)) || (t.slice(0, 10) >= FIRST_DATE && t.slice(0, 10) <= LAST_DATE),
    {
      error: `must be a time from ${FIRST_DATE} to ${LAST_DATE}`,
      abort: true,
    },
  );

/** A month as YYYY-MM, inside the same calendar. */
export const Month = z
  .string({ error: 'must be a month as YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month as YYYY-MM' })
  .refine((m) => !/^\d{4}-\d{2}$/.test(m) || (m >= FIRST_DATE.slice(0, 7) && m <= LAST_DATE.slice(0, 7)), {
    error: `must be a month from ${FIRST_DATE.slice(0, 7)} to ${LAST_DATE.slice(0, 7)}`,
    abort: true,
  });

/** A year read from a path or query string, inside the same calendar. */
export const YearParam = QueryInt(FIRST_YEAR, LAST_YEAR);

/**
 * True when `value` holds no control character other than tab, line feed and carriage return.
 * NUL in particular: PostgreSQL text cannot store it and would fail the request with a 500.
 */
export function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
  }
  return true;
}

/** The words of that rule after a field's name (the server says the same of NUL anywhere). */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters (such as NUL)';

const controlCharacters = {
  error: CONTROL_CHARACTERS_MESSAGE,
  abort: true,
} as const;

/** Any string without control characters (except tab and line breaks), at most 10,000 characters. */
export const SafeString = z
  .string({ error: 'must be text' })
  .max(10_000, { error: 'must be at most 10000 characters' })
  .refine(hasNoControlCharacters, controlCharacters);

/**
 * Free text typed by a person (names, reasons, comments, searches): trimmed, at most `max`
 * characters, no control characters. Add `.min(1, ...)` where it is required.
 */
export const Text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .refine(hasNoControlCharacters, controlCharacters)
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
