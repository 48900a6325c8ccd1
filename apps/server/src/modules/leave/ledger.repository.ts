import type { LeaveLedgerEntry } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The lines behind one person's balances for a year, oldest first: the balance explained. */
export async function ledgerOf(
  db: Kysely<Database>,
  userId: number,
  year: number,
): Promise<LeaveLedgerEntry[]> {
  const rows = await db
    .selectFrom('leave_ledger as l')
    .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
    .select([
      'l.id',
      't.leave_name',
      'l.leave_year',
      'l.kind',
      'l.application_id',
      'l.entitled_days',
      'l.pending_days',
      'l.used_days',
      'l.note',
      'l.created_at',
    ])
    .where('l.user_id', '=', userId)
    .where('l.leave_year', '=', year)
    // What a year starts with first (entitlement, carry forward), then each change in time order.
    .orderBy(sql`l.kind IN ('entitlement', 'carry_forward')`, 'desc')
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    leave_type: r.leave_name,
    year: r.leave_year,
    kind: r.kind,
    application_id: r.application_id,
    entitled_days: r.entitled_days,
    pending_days: r.pending_days,
    used_days: r.used_days,
    note: r.note,
    created_at: r.created_at.toISOString(),
  }));
}
