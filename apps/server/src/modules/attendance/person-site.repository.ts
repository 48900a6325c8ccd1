import { addDays } from '@atrium/contract/calendar';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SiteToday } from '../../core/clock';
import type { Database } from '../../db/schema';

/**
 * Each person's day is their site's day (issue 35): their own site, else their department's, else
 * the organisation's first. The site is read with the person's row (a join, no cache: a cache
 * would have to follow every move of a person or a department across processes), and the zone
 * comes from the clock, which keeps the few sites' zones.
 */

/** The site of users row `u`, its department `d` LEFT JOINed. */
export function personSiteSql(u = 'u', d = 'd'): RawBuilder<number> {
  return sql<number>`coalesce(${sql.ref(`${u}.site_id`)}, ${sql.ref(`${d}.site_id`)}, first_site())`;
}

/**
 * A LATERAL subquery `(person_site)` for the person of id `person`, none for someone who does not
 * exist: one index probe per person, where a join to users would hash the whole table for a
 * batch of keys (the planner's guess of a hundred keys for an unnest).
 */
export function personSiteLateral(person: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT ${personSiteSql('u', 'd')} AS person_site FROM users u
    LEFT JOIN departments d ON d.id = u.department_id WHERE u.id = ${person} LIMIT 1)`;
}

/**
 * Whether `day` has come at a site (`site`, an expression): it is on or before that site's today.
 * The earliest and latest of the sites' todays settle it for every other day, so the site is only
 * looked at on a day between them (sites are at most two dates apart); with one date it is the
 * plain comparison the readers always made.
 */
export function dayHasCome(
  day: RawBuilder<unknown>,
  site: RawBuilder<unknown>,
  todays: readonly Pick<SiteToday, 'siteId' | 'date'>[],
): RawBuilder<boolean> {
  const dates = [...new Set(todays.map((t) => t.date))].sort();
  const first = dates[0]!;
  const last = dates.at(-1)!;
  if (first === last) return sql<boolean>`(${day} <= ${first}::date)`;
  const arms: RawBuilder<unknown>[] = [];
  for (let d = addDays(first, 1); d <= last; d = addDays(d, 1)) {
    const started = todays.filter((t) => t.date >= d).map((t) => t.siteId);
    arms.push(sql`WHEN ${d}::date THEN ${started}::int[]`);
  }
  return sql<boolean>`(CASE WHEN ${day} <= ${first}::date THEN true WHEN ${day} > ${last}::date THEN false
    ELSE ${site} = ANY (CASE ${day} ${sql.join(arms, sql` `)} END) END)`;
}

/** The site of a rollup's department key (0: people without a department, the first site's). */
export function departmentKeySite(deptKey: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`coalesce((SELECT ds.site_id FROM departments ds WHERE ds.id = ${deptKey}), first_site())`;
}

/**
 * Every site's today as a table `alias (site_id, today)` for a FROM list. Two arrays, so the
 * statement's text is the same for any number of sites (prepared statements, plan caching).
 */
export function siteTodaysSql(todays: readonly Pick<SiteToday, 'siteId' | 'date'>[], alias = 'st') {
  return sql`unnest(${todays.map((t) => t.siteId)}::int[], ${todays.map((t) => t.date)}::date[])
    AS ${sql.raw(alias)} (site_id, today)`;
}

/** The effective site of each of these people; people who do not exist are left out. */
export async function personSites(db: Kysely<Database>, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, number>();
  const result = await sql<{ id: number; site_id: number }>`/* prepared: attendance_person_sites */
    SELECT u.id, ${personSiteSql('u', 'd')} AS site_id
    FROM users u LEFT JOIN departments d ON d.id = u.department_id
    WHERE u.id = ANY (${userIds}::int[])`.execute(db);
  return new Map(result.rows.map((r) => [r.id, r.site_id]));
}
