import type { LeaveBalance } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database, LeaveLedgerKind } from '../../db/schema';
import { toBalance } from './leave.presenter';
import { applicationDaysByYear } from './leave-days.repository';
import {
  applicationBuckets,
  insertCarryForwards,
  insertEntitlements,
  insertLedgerLines,
  ledgerSums,
} from './ledger.repository';

/**
 * The leave ledger: every change to a balance is a line, and a balance is the sum of its lines.
 * Functions take a db or a transaction so a booking commits with the change that caused it.
 */

type Db = Kysely<Database>;

/**
 * Books each person's yearly entitlement (idempotent) and, once the previous year is over,
 * what carries forward from it. Safe to call on every read: the unique indexes make repeats
 * no-ops, also when two requests race.
 */
export async function ensureLeaveYear(db: Db, userId: number, year: number, currentYear: number) {
  await insertEntitlements(db, year, userId);
  if (year <= currentYear) await carryForward(db, year - 1, userId);
}

/**
 * Carries unused days of `fromYear` into the next year, up to each policy's cap. Computed
 * once per person and type, so running it again, or after a late decision on last year's
 * leave, changes nothing. A person never carries days that a pending application may still use.
 */
export async function carryForward(db: Db, fromYear: number, userId?: number): Promise<number> {
  await insertEntitlements(db, fromYear, userId);
  return insertCarryForwards(db, fromYear, userId);
}

/** The year-end job: everybody's carry forward into `fromYear + 1`. Idempotent. */
export async function rollOverLeaveYear(db: Db, fromYear: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const booked = await carryForward(trx, fromYear);
    await insertEntitlements(trx, fromYear + 1);
    return booked;
  });
}

/** Days an application moves in each bucket, per kind of line. */
const movement: Record<
  Exclude<LeaveLedgerKind, 'entitlement' | 'carry_forward' | 'adjustment' | 'application_recounted'>,
  (days: number) => { pending_days: number; used_days: number }
> = {
  application_pending: (days) => ({ pending_days: days, used_days: 0 }),
  application_approved: (days) => ({ pending_days: -days, used_days: days }),
  application_rejected: (days) => ({ pending_days: -days, used_days: 0 }),
  application_cancelled: (days) => ({ pending_days: -days, used_days: 0 }),
};

export interface BookedApplication {
  id: number;
  user_id: number;
  leave_type_id: number;
}

/**
 * Books one application event, one line per leave year it charges. Applying charges what the
 * period counts today; a decision or a cancellation moves what the ledger holds pending for the
 * application in each year (a cancellation after approval: what it holds used), so every
 * application's pending days return to 0 however often a holiday recounted it in between.
 */
export async function bookApplication(
  db: Db,
  application: BookedApplication,
  kind: keyof typeof movement,
  by: { userId: number | null; at: Date; note: string },
): Promise<void> {
  const lines: { year: number; days: { pending_days: number; used_days: number } }[] = [];
  if (kind === 'application_pending') {
    for (const s of await applicationDaysByYear(db, application.id))
      lines.push({ year: s.year, days: movement[kind](s.days) });
  } else {
    for (const bucket of await applicationBuckets(db, application.id)) {
      // Cancelling an approved application (not started yet) gives its used days back.
      const back = kind === 'application_cancelled' && bucket.pending === 0;
      lines.push({
        year: bucket.year,
        days: back ? { pending_days: 0, used_days: -bucket.used } : movement[kind](bucket.pending),
      });
    }
  }
  const moving = lines.filter((l) => l.days.pending_days !== 0 || l.days.used_days !== 0);
  if (moving.length === 0) return;
  await insertLedgerLines(
    db,
    moving.map((line) => ({
      user_id: application.user_id,
      leave_type_id: application.leave_type_id,
      leave_year: line.year,
      kind,
      application_id: application.id,
      ...line.days,
      note: by.note,
      created_by: by.userId,
      created_at: by.at,
    })),
  );
}

/** Balances per type for one person and year, summed from the ledger. */
export async function balancesOf(db: Db, userId: number, year: number): Promise<LeaveBalance[]> {
  return (await readBalances(db, userId, year)).balances;
}

/** The balances, and whether the year is booked (nothing for ensureLeaveYear to add). */
async function readBalances(db: Db, userId: number, year: number) {
  const rows = await ledgerSums(db, userId, year);
  const balances = rows.map((r) => toBalance(r, year));
  return { balances, booked: rows.every((r) => r.booked) };
}

/**
 * Balances per type for one person and year, the year booked first (ensureLeaveYear). For a year
 * up to the current one the balances are read with a check that the year is booked, and booked
 * and read again only when it is not (a person's first read of a year, a new leave type): the
 * reads behind the dashboard's Leave Balance card cost one query and no writes.
 */
export async function bookedBalances(
  db: Db,
  userId: number,
  year: number,
  currentYear: number,
): Promise<LeaveBalance[]> {
  if (year <= currentYear) {
    const read = await readBalances(db, userId, year);
    if (read.booked) return read.balances;
  }
  await ensureLeaveYear(db, userId, year, currentYear);
  return balancesOf(db, userId, year);
}

/** The staff dashboard's Leave Balance: days left this year over every type that has a limit. */
export async function totalRemainingDays(db: Db, userId: number, today: string): Promise<number> {
  const year = Number(today.slice(0, 4));
  const balances = await bookedBalances(db, userId, year, year);
  return balances.reduce((sum, b) => sum + (b.remaining_days ?? 0), 0);
}
