import type { Kysely } from 'kysely';
import type { OrgClock, SiteToday } from '../../core/clock';
import { notFound } from '../../core/errors';
import type { Database } from '../../db/schema';
import { personSites } from './person-site.repository';

/** Each person's day is their site's day: the clock's side (person-site.repository.ts reads the sites). */

/** A key that changes whenever any site's date does (for caches of "today" figures). */
export const todaysKey = (todays: readonly SiteToday[]) => todays.map((t) => t.date).join(',');

/** Whether every site is on the same date (one zone, or zones that agree right now). */
export const oneDate = (todays: readonly SiteToday[]) => todays.every((t) => t.date === todays[0]!.date);

/** The earliest and latest of the sites' dates: the span a read for "anyone's today" covers. */
export function todaysSpan(todays: readonly SiteToday[]): { from: string; to: string } {
  const dates = todays.map((t) => t.date).sort();
  return { from: dates[0]!, to: dates.at(-1)! };
}

/** The today of `siteId` among `todays`, or asked of the clock (a site added since they were read). */
export async function siteToday(clock: OrgClock, todays: readonly SiteToday[], siteId: number) {
  const known = todays.find((t) => t.siteId === siteId);
  if (known) return known;
  return { siteId, ...(await clock.today(siteId)) };
}

/** One person's today, on their site's clock. */
export async function personToday(db: Kysely<Database>, clock: OrgClock, userId: number): Promise<SiteToday> {
  const siteId = (await personSites(db, [userId])).get(userId);
  if (siteId === undefined) throw notFound('User');
  return { siteId, ...(await clock.today(siteId)) };
}

/** Each of these people's today on their site's clock (people who do not exist are left out). */
export async function peopleToday(
  db: Kysely<Database>,
  clock: OrgClock,
  userIds: readonly number[],
): Promise<Map<number, SiteToday>> {
  const [sites, todays] = await Promise.all([personSites(db, [...new Set(userIds)]), clock.todays()]);
  const days = new Map<number, SiteToday>();
  for (const [userId, siteId] of sites) days.set(userId, await siteToday(clock, todays, siteId));
  return days;
}
