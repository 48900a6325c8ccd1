import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The organisation's settings are key -> JSON rows; this module holds their SQL. */

export const TIMEZONE_KEY = 'timezone';

/** Stores the start-up time zone as the organisation's setting unless one was chosen before. */
export async function ensureTimezoneSetting(db: Kysely<Database>, fallback: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: TIMEZONE_KEY, value: JSON.stringify(fallback) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The organisation's IANA time zone as stored; UTC when none was ever set. */
export async function readTimeZone(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', TIMEZONE_KEY)
    .executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : 'UTC';
}

export async function writeTimeZone(db: Kysely<Database>, timeZone: string, at: Date): Promise<void> {
  const value = JSON.stringify(timeZone);
  await db
    .insertInto('settings')
    .values({ key: TIMEZONE_KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}

/** A secret shared by every server process (never shown to anyone), e.g. the token signing key. */
export async function readServerSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
