import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The organisation's settings are key -> JSON rows (and its zone the first site's); this module holds their SQL. */

export const TIMEZONE_KEY = 'timezone';

/**
 * On the first start, the start-up time zone becomes the first site's (the organisation's); the
 * settings row only records that this happened, so a zone chosen later is never overwritten.
 */
export async function ensureTimezoneSetting(db: Kysely<Database>, fallback: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('settings')
      .values({ key: TIMEZONE_KEY, value: JSON.stringify(fallback) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (first) await writeTimeZone(trx, fallback, new Date());
  });
}

/** Every site's IANA time zone, by site id; the first site's is the organisation's. */
export async function readSiteZones(
  db: Kysely<Database>,
): Promise<{ first: number; zones: Map<number, string> }> {
  const rows = await db.selectFrom('sites').select(['id', 'time_zone']).orderBy('id').execute();
  if (rows.length === 0) throw new Error('no site: migration 055 creates the first one');
  return { first: rows[0]!.id, zones: new Map(rows.map((r) => [r.id, r.time_zone])) };
}

/** The organisation's IANA time zone: its first site's. */
export async function readTimeZone(db: Kysely<Database>): Promise<string> {
  const { first, zones } = await readSiteZones(db);
  return zones.get(first)!;
}

/** Sets the organisation's (its first site's) time zone. */
export async function writeTimeZone(db: Kysely<Database>, timeZone: string, at: Date): Promise<void> {
  await db
    .updateTable('sites')
    .set({ time_zone: timeZone, updated_at: at })
    .where('id', '=', (eb) => eb.selectFrom('sites').select((e) => e.fn.min('id').as('id')))
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
