import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SECOND_SITE } from './second-site.data';

/** The second site and its own public holiday, once, with the organisation. */
export async function seedSecondSite(db: Kysely<Database>): Promise<void> {
  const site = await db
    .insertInto('sites')
    .values({
      name: SECOND_SITE.name,
      time_zone: SECOND_SITE.timeZone,
      address: SECOND_SITE.address,
      latitude: SECOND_SITE.latitude,
      longitude: SECOND_SITE.longitude,
      geofence_m: SECOND_SITE.geofenceM,
      work_week: SECOND_SITE.workWeek,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('public_holidays')
    .values({ ...SECOND_SITE.holiday, site_id: site.id })
    .execute();
}

/** The second site's id, once seeded. */
export async function secondSiteId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('sites')
    .select('id')
    .where('name', '=', SECOND_SITE.name)
    .executeTakeFirst();
  return row?.id;
}
