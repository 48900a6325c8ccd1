import { zonedInstant } from '@atrium/contract/calendar';
import { type Kysely, sql } from 'kysely';
import type { OrgClock } from '../core/clock';
import type { Database } from '../db/schema';
import { insertPendingRequest } from '../modules/attendance/correction-requests.repository';
import { demoAccounts } from './people.data';

const MARKER = 'demo_corrections_seeded_at';
/** How many forgotten check-outs of the last fortnight become waiting requests. */
const REQUESTS = 2;

/**
 * Runs once after the attendance seed: a couple of people who forgot to check out in the last
 * two weeks ask for their check-out at the schedule's end, so the Corrections tab has a queue.
 * The demo accounts are left alone (their own days are for the visitor to try).
 */
export async function seedDemoCorrections(db: Kysely<Database>, clock: OrgClock): Promise<void> {
  const today = await clock.today();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('settings')
      .values({ key: MARKER, value: JSON.stringify(today.now.toISOString()) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return;
    const open = await sql<{ id: number; user_id: number; date: string; end_time: string }>`
      SELECT r.id, r.user_id, to_char(r.date, 'YYYY-MM-DD') AS date,
             coalesce((SELECT w.end_time::text FROM work_schedules w
                       WHERE w.department_id = u.department_id AND w.effective_from <= r.date
                       ORDER BY w.effective_from DESC LIMIT 1), '17:30:00') AS end_time
      FROM attendance_records r JOIN users u ON u.id = r.user_id
      WHERE r.check_out_time IS NULL AND r.date < ${today.date}::date
        AND r.date >= ${today.date}::date - 14 AND u.active
        AND u.email <> ALL (${Object.values(demoAccounts).map((a) => a.email)}::text[])
      ORDER BY r.date DESC, r.user_id LIMIT ${REQUESTS}`.execute(trx);
    for (const record of open.rows) {
      await insertPendingRequest(trx, {
        user_id: record.user_id,
        date: record.date,
        record_id: record.id,
        check_in_time: null,
        check_out_time: zonedInstant(record.date, record.end_time.slice(0, 5), today.timeZone),
        reason: 'Forgot to check out when I left',
        created_at: today.now,
      });
    }
  });
}
