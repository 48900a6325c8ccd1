import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The site a person's screens are filtered to; null when they chose every site or never chose. */
export async function findSitePreference(
  db: Kysely<Database>,
  userId: number,
  lock = false,
): Promise<number | null> {
  let query = db.selectFrom('user_preferences').select('site_id').where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst())?.site_id ?? null;
}

export async function writeSitePreference(db: Kysely<Database>, userId: number, siteId: number | null) {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, site_id: siteId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ site_id: siteId, updated_at: new Date() }))
    .execute();
}
