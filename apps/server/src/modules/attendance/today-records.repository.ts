import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SiteToday } from '../../core/clock';
import type { Database } from '../../db/schema';
import type { RecordRow } from './attendance.repository';
import { personSiteLateral, siteTodaysSql } from './person-site.repository';

/**
 * A LATERAL subquery for a person's record of `today`, else of the day before (a night shift may
 * still be under way: night-shift.ts decides). One index probe per person; as a plain join, the
 * generic plan's guess of a hundred keys made it hash a whole small table.
 */
export function ownRecordSql(person: RawBuilder<unknown>, today: RawBuilder<unknown>) {
  return sql`(SELECT * FROM attendance_records WHERE user_id = ${person}
                AND date IN (${today}, ${today} - 1) ORDER BY date DESC LIMIT 1)`;
}

/** A person's site, and their record of its today (or of the day before) if any. */
export interface TodayRecord {
  siteId: number;
  record: RecordRow | undefined;
}

/**
 * Several people's sites and records of their site's today (ownRecordSql) in one statement, in the order asked
 * (undefined for someone who does not exist): status reads arriving together share one round
 * trip (attendance.service.ts). Prepared (see db/connection): it is behind every dashboard's load.
 * A site missing from `todays` (added since the clock read them) finds no record.
 */
export async function findTodayRecords(
  db: Kysely<Database>,
  userIds: readonly number[],
  todays: readonly SiteToday[],
): Promise<(TodayRecord | undefined)[]> {
  const result = await sql<
    RecordRow & { n: number; person_site: number }
  >`/* prepared: attendance_today_records */
    SELECT k.n, s.person_site, r.*
    FROM unnest(${userIds}::int[]) WITH ORDINALITY AS k (person, n)
    CROSS JOIN LATERAL ${personSiteLateral(sql`k.person`)} AS s
    LEFT JOIN ${siteTodaysSql(todays)} ON st.site_id = s.person_site
    LEFT JOIN LATERAL ${ownRecordSql(sql`k.person`, sql`st.today`)} r ON true`.execute(db);
  const found = new Map(
    result.rows.map(({ n, person_site, ...record }) => [
      Number(n),
      { siteId: person_site, record: record.id === null ? undefined : (record as RecordRow) },
    ]),
  );
  return userIds.map((_, i) => found.get(i + 1));
}
