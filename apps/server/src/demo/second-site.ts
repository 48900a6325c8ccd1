import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertUsers } from '../modules/people/people.repository';
import { demoNumbers, emailOf } from './organisation';
import { SECOND_SITE } from './second-site.data';

/**
 * The second site, its department (whose schedule starts with the site's Monday-to-Saturday
 * week, 055's trigger), its people numbered after Head Office's `lastSerial`, and its own public
 * holiday. Once, with the organisation.
 */
export async function seedSecondSite(db: Kysely<Database>, lastSerial: number): Promise<void> {
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
  const department = await db
    .insertInto('departments')
    .values({ name: SECOND_SITE.department, site_id: site.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertUsers(
    db,
    SECOND_SITE.people.map(([first, last], i) => ({
      ...demoNumbers(lastSerial + 1 + i),
      firstName: first,
      lastName: last,
      email: emailOf(first, last),
      passwordHash: null,
      role: 'staff' as const,
      departmentId: department.id,
    })),
  );
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
