import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { personSiteSql } from './person-site.repository';

/**
 * Who is in the building now: one figure, one definition, shown alike by Access Control, the
 * attendance overview and the dashboard. A person is in when today's latest sign of them coming
 * in (a granted entry at a door, or a check-in) is later than today's latest sign of them going
 * out (a granted exit, or a check-out). Badges and web check-ins both count; neither alone does:
 * a person who checked in on the web and left through a door is out.
 *
 * Today's presence rows and today's records, joined per person: at most one row each per person.
 */
export async function countInBuilding(
  db: Kysely<Database>,
  today: string,
  dayStart: Date,
  /** Only the people of this site (their own, else their department's): its building. */
  siteId?: number,
): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT coalesce(p.user_id, r.user_id) AS user_id,
             greatest(CASE WHEN p.last_action = 'entry' THEN p.last_at END, r.check_in_time) AS in_at,
             greatest(CASE WHEN p.last_action = 'exit' THEN p.last_at END, r.check_out_time) AS out_at
      FROM (SELECT user_id, last_action, last_at FROM access_presence WHERE last_at >= ${dayStart}) AS p
      FULL JOIN (SELECT user_id, check_in_time, check_out_time FROM attendance_records
                 WHERE date = ${today}::date) AS r ON r.user_id = p.user_id
    ) AS x
    -- The attendance figures' people (countedPerson): the few disabled without a last working
    -- day are left out through a small hashed list, not by joining everyone.
    WHERE x.user_id NOT IN (SELECT id FROM users WHERE NOT active AND end_date IS NULL)
      ${
        siteId === undefined
          ? sql``
          : sql`AND x.user_id IN (SELECT u.id FROM users u LEFT JOIN departments d ON d.id = u.department_id
                                 WHERE ${personSiteSql('u', 'd')} = ${siteId})`
      }
      AND x.in_at IS NOT NULL AND (x.out_at IS NULL OR x.in_at > x.out_at)`.execute(db);
  return result.rows[0]?.n ?? 0;
}
