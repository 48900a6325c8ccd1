import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { personSite } from '../organisation/holidays.repository';
import type { HolidayChange } from '../organisation/holidays.service';
import { applicationDaysByYear, changingHolidays } from './leave-days.repository';
import { applicationBuckets, insertLedgerLines } from './ledger.repository';

type Db = Kysely<Database>;

export interface Recounted {
  id: number;
  user_id: number;
  status: 'pending' | 'approved';
  before: number;
  after: number;
}

/**
 * After a public holiday was declared, moved or removed (in the same transaction): recounts the
 * pending and approved applications of working-days-only types that cover one of the changed
 * dates at the applicant's site (a change of every site's holiday reaches everyone), and
 * books the difference per leave year as a recount line: in pending days while the application
 * waits, in used days once approved. The later decision moves what is then pending, so the
 * ledger balances. Answers what changed, for the audit.
 */
export async function recountLeaveOn(
  db: Db,
  changes: HolidayChange[],
  by: { userId: number; at: Date; note: string },
): Promise<Recounted[]> {
  if (changes.length === 0) return [];
  await changingHolidays(db);
  // Locked, so a decision or a cancellation waits and then moves the recounted days.
  const affected = await sql<Recounted & { leave_type_id: number }>`
    SELECT a.id, a.user_id, a.leave_type_id, a.status, a.days_requested AS before
    FROM leave_applications a
    JOIN leave_policies p ON p.leave_type_id = a.leave_type_id AND p.working_days_only
    WHERE a.status IN ('pending', 'approved')
      AND EXISTS (SELECT 1 FROM unnest(${changes.map((c) => c.date)}::date[], ${changes.map((c) => c.siteId)}::int[])
                    AS c (date, site_id)
                  WHERE c.date BETWEEN a.start_date AND a.end_date
                    AND (c.site_id IS NULL OR c.site_id = ${personSite(sql`a.user_id`)}))
    ORDER BY a.id
    FOR UPDATE OF a`.execute(db);
  const changed: Recounted[] = [];
  for (const application of affected.rows) {
    const counted = await applicationDaysByYear(db, application.id);
    const booked = await applicationBuckets(db, application.id);
    const bucket = application.status === 'pending' ? 'pending' : 'used';
    const years = new Set([...counted.map((c) => c.year), ...booked.map((b) => b.year)]);
    const lines = [...years].sort().flatMap((year) => {
      const delta =
        (counted.find((c) => c.year === year)?.days ?? 0) -
        (booked.find((b) => b.year === year)?.[bucket] ?? 0);
      if (delta === 0) return [];
      return [
        {
          user_id: application.user_id,
          leave_type_id: application.leave_type_id,
          leave_year: year,
          kind: 'application_recounted' as const,
          application_id: application.id,
          pending_days: bucket === 'pending' ? delta : 0,
          used_days: bucket === 'used' ? delta : 0,
          note: by.note,
          created_by: by.userId,
          created_at: by.at,
        },
      ];
    });
    if (lines.length === 0) continue;
    await insertLedgerLines(db, lines);
    const after = counted.reduce((sum, c) => sum + c.days, 0);
    await db
      .updateTable('leave_applications')
      .set({ days_requested: after })
      .where('id', '=', application.id)
      .execute();
    changed.push({
      id: application.id,
      user_id: application.user_id,
      status: application.status,
      before: Number(application.before),
      after,
    });
  }
  return changed;
}
