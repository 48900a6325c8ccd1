import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, LeaveLedgerTable } from '../../db/schema';

type Db = Kysely<Database>;

const daysInYear = (year: number) => ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365);

/**
 * Re-prorates a person's entitlements after their start or end date changed: per entitlement
 * line, one adjustment line for the difference between the share under the new dates and under
 * the old ones (of the type's allowance now, as adjustEntitlements keeps it). The entitlement
 * line itself stays: the ledger explains every change with a line.
 */
export async function reprorateEntitlements(
  db: Db,
  userId: number,
  // endDate left out: it did not change (the person's end date now is also the one before).
  before: { startDate: string | null; endDate?: string | null },
  by: number,
  note: string,
): Promise<void> {
  await sql`
    INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note, created_by)
    SELECT l.user_id, l.leave_type_id, l.leave_year, 'adjustment', d.delta, ${note}, ${by}
    FROM leave_ledger l
    JOIN users u ON u.id = l.user_id
    JOIN leave_types t ON t.id = l.leave_type_id
    CROSS JOIN LATERAL (SELECT
      leave_prorated_days(t.max_days_per_year, u.start_date, u.end_date, l.leave_year)
      - leave_prorated_days(t.max_days_per_year, ${before.startDate}::date, ${before.endDate === undefined ? sql`u.end_date` : sql`${before.endDate}::date`}, l.leave_year)
      AS delta) d
    WHERE l.user_id = ${userId} AND l.kind = 'entitlement' AND d.delta <> 0`.execute(db);
}

/**
 * One entitlement line per type for a year: what the type allows then, prorated by the days the
 * person is employed that year (leave_prorated_days, migration 026), so a new hire booked on
 * their first read gets their share. The unique index makes a repeat (or a racing request) a no-op.
 */
export async function insertEntitlements(db: Db, year: number, userId?: number): Promise<void> {
  await sql`
    INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note)
    SELECT u.id, t.id, ${year}, 'entitlement',
      leave_prorated_days(t.max_days_per_year, u.start_date, u.end_date, ${year}),
      ${`Yearly entitlement ${year}`} || CASE WHEN t.max_days_per_year > 0
        AND leave_employed_days(u.start_date, u.end_date, ${year}) < ${daysInYear(year)}
        THEN ', prorated: employed ' || leave_employed_days(u.start_date, u.end_date, ${year})
          || ' of ' || ${daysInYear(year)} || ' days' ELSE '' END
    FROM users u CROSS JOIN leave_types t
    WHERE u.active AND u.created_at < make_date(${year + 1}, 1, 1)
      AND (${userId ?? null}::integer IS NULL OR u.id = ${userId ?? null})
    ON CONFLICT (user_id, leave_type_id, leave_year) WHERE kind = 'entitlement' DO NOTHING`.execute(db);
}

/**
 * One carry-forward line per person and type into `fromYear + 1`: the unused days of `fromYear`
 * up to the policy's cap (a zero line records "nothing to carry"). Pending days count as taken.
 * Returns how many lines were booked; a repeat books none.
 */
export async function insertCarryForwards(db: Db, fromYear: number, userId?: number): Promise<number> {
  const result = await sql`
    INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note)
    SELECT l.user_id, l.leave_type_id, ${fromYear + 1}, 'carry_forward',
      GREATEST(0, LEAST(p.carry_forward_cap,
        sum(l.entitled_days) - sum(l.used_days) - sum(l.pending_days))),
      'Carried forward from ' || ${fromYear} || ' (cap ' || p.carry_forward_cap || ' days)'
    FROM leave_ledger l
    JOIN leave_types t ON t.id = l.leave_type_id
    JOIN leave_policies p ON p.leave_type_id = l.leave_type_id
    WHERE l.leave_year = ${fromYear} AND p.carry_forward AND t.max_days_per_year > 0
      AND (${userId ?? null}::integer IS NULL OR l.user_id = ${userId ?? null})
    GROUP BY l.user_id, l.leave_type_id, p.carry_forward_cap
    ON CONFLICT (user_id, leave_type_id, leave_year) WHERE kind = 'carry_forward' DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Whether ensureLeaveYear(userId, year) for a year up to the current one would book nothing: the
 * entitlement of every type for `year` and `year - 1` where insertEntitlements books one (active,
 * created before the year's end), and the carry forward into `year` of every carrying type with
 * lines in `year - 1` (as insertCarryForwards). Read-only, so a read that finds the year booked
 * (nearly every read) writes nothing; keep it in step with the two inserts above.
 */
export function bookedCheck(userId: number, year: number) {
  return bookedCheckOf(sql`${userId}::int`, sql`${year}::int`);
}

/**
 * bookedCheck for a person and a year given as SQL expressions (columns of a batch's keys).
 * Entitlements are counted, not probed type by type: with one entitlement line at most per person,
 * type and year (leave_ledger_entitlement_key) and none for a type that is gone (ON DELETE
 * CASCADE), as many lines as types times booked years means every one is there. One range scan
 * of leave_ledger_balance_idx instead of a probe per type and year: this runs on every dashboard load.
 */
export function bookedCheckOf(userId: RawBuilder<unknown>, year: RawBuilder<unknown>) {
  return sql<boolean>`(
    (SELECT count(*) FROM leave_ledger l JOIN users u ON u.id = l.user_id
     WHERE l.user_id = ${userId} AND l.leave_year IN (${year}, ${year} - 1) AND l.kind = 'entitlement'
       AND u.created_at < make_date(l.leave_year + 1, 1, 1))
    >= (SELECT count(*) FROM users u CROSS JOIN leave_types t
        CROSS JOIN (VALUES (${year}), (${year} - 1)) AS y (year)
        WHERE u.id = ${userId} AND u.active AND u.created_at < make_date(y.year + 1, 1, 1))
    AND NOT EXISTS (
      SELECT 1 FROM leave_types t JOIN leave_policies p ON p.leave_type_id = t.id
      WHERE p.carry_forward AND t.max_days_per_year > 0
        AND EXISTS (SELECT 1 FROM leave_ledger l
                    WHERE l.user_id = ${userId} AND l.leave_type_id = t.id AND l.leave_year = ${year} - 1)
        AND NOT EXISTS (SELECT 1 FROM leave_ledger l
                        WHERE l.user_id = ${userId} AND l.leave_type_id = t.id AND l.leave_year = ${year}
                          AND l.kind = 'carry_forward')
    ))`;
}

export async function leaveYearBooked(db: Db, userId: number, year: number): Promise<boolean> {
  const result = await sql<{ booked: boolean }>`SELECT ${bookedCheck(userId, year)} AS booked`.execute(db);
  return result.rows[0]?.booked ?? false;
}

export async function insertLedgerLines(db: Db, lines: Insertable<LeaveLedgerTable>[]): Promise<void> {
  await db.insertInto('leave_ledger').values(lines).execute();
}

/** Per leave year, the days the ledger holds pending and used for one application. */
export async function applicationBuckets(
  db: Db,
  applicationId: number,
): Promise<{ year: number; pending: number; used: number }[]> {
  const rows = await db
    .selectFrom('leave_ledger')
    .select([
      'leave_year as year',
      sql<number>`sum(pending_days)`.as('pending'),
      sql<number>`sum(used_days)`.as('used'),
    ])
    .where('application_id', '=', applicationId)
    .groupBy('leave_year')
    .orderBy('leave_year')
    .execute();
  return rows.map((r) => ({ year: r.year, pending: Number(r.pending), used: Number(r.used) }));
}

/** One leave type's sums (numeric, as text) for one person and year. */
export interface LedgerSumRow {
  id: number;
  leave_name: string;
  max_days_per_year: number;
  carried: string;
  entitled: string;
  used: string;
  pending: string;
  pending_applications: string;
  booked: boolean;
}

/**
 * Per leave type, one person's ledger sums for a year and their pending applications touching it;
 * `booked` on every row: whether the year is booked (bookedCheck), asked in the same round trip.
 */
export async function ledgerSums(db: Db, userId: number, year: number): Promise<LedgerSumRow[]> {
  // Prepared (see db/connection): planning this statement cost PostgreSQL more than running it,
  // and it is behind every staff dashboard's load.
  const result = await sql<LedgerSumRow>`/* prepared: leave_ledger_sums */
    SELECT t.id, t.leave_name, t.max_days_per_year,
           coalesce(sum(l.entitled_days) FILTER (WHERE l.kind = 'carry_forward'), 0) AS carried,
           coalesce(sum(l.entitled_days), 0) AS entitled,
           coalesce(sum(l.used_days), 0) AS used,
           coalesce(sum(l.pending_days), 0) AS pending,
           (SELECT count(*) FROM leave_applications a
            WHERE a.user_id = ${userId} AND a.leave_type_id = t.id AND a.status = 'pending'
              AND a.start_date <= make_date(${year}::int, 12, 31) AND a.end_date >= make_date(${year}::int, 1, 1)
           ) AS pending_applications,
           ${bookedCheck(userId, year)} AS booked
    FROM leave_types t
    LEFT JOIN leave_ledger l ON l.leave_type_id = t.id AND l.user_id = ${userId} AND l.leave_year = ${year}
    GROUP BY t.id
    ORDER BY t.id`.execute(db);
  return result.rows;
}

/** The lines behind one person's balances for a year, oldest first: the balance explained. */
export async function ledgerOf(db: Db, userId: number, year: number) {
  return (
    db
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
      .execute()
  );
}

export type LedgerRow = Awaited<ReturnType<typeof ledgerOf>>[number];
