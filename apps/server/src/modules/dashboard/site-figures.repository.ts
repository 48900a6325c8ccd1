import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The dashboard's figures narrowed to one site (the administrator's site filter): its people
 * (their own site, else their department's), its doors and counters (devices of the site).
 */

/** Whether the person `userId` (an expression) is of the site: their own site, else their department's. */
export function ofSite(userId: RawBuilder<unknown>, siteId: number): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users su LEFT JOIN departments sd ON sd.id = su.department_id
    WHERE su.id = ${userId} AND coalesce(su.site_id, sd.site_id, first_site()) = ${siteId})`;
}

/** The devices (door controllers, counters) of the site, as a list for `IN`. */
export const devicesOf = (siteId: number) => sql`(SELECT id FROM devices WHERE site_id = ${siteId})`;

/** Applications of the site's people waiting for a decision. */
export async function pendingOfSite(db: Kysely<Database>, siteId: number): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM leave_applications a
    WHERE a.status = 'pending' AND ${ofSite(sql`a.user_id`, siteId)}`.execute(db);
  return row.rows[0]?.n ?? 0;
}
