export { localDate } from '@atrium/contract/calendar';

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Where "now" comes from; tests pass a fixed one to walk across midnight or a DST change. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const TIMEZONE_KEY = 'timezone';

/** Stores the start-up time zone as the organisation's setting unless one was chosen before. */
export async function ensureTimezoneSetting(db: Kysely<Database>, fallback: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: TIMEZONE_KEY, value: JSON.stringify(fallback) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The organisation's IANA time zone: it decides what "today" and an attendance date are. */
export async function organisationTimezone(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', TIMEZONE_KEY)
    .executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : 'UTC';
}
