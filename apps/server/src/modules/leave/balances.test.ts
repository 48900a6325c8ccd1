import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';
import { countCalendarDays, leaveTypeId } from '../../../test/leave';
import { useSuite } from '../../../test/suite';
import { OrgClock } from '../../core/clock';
import { balancesOf, carryForward, ensureLeaveYear, rollOverLeaveYear } from './balances';
import { scheduleLeaveYearRollover } from './rollover';

const suite = useSuite({ now: '2026-03-02T09:00:00Z' });
let annual: number;
let sick: number;
let admin: LoggedIn;

beforeAll(async () => {
  admin = suite.admin;
  annual = await leaveTypeId(suite.db, 'Annual Leave');
  await countCalendarDays(suite.db, 'Annual Leave');
  sick = await leaveTypeId(suite.db, 'Sick Leave');
});

/** Someone who joined on 1 January 2026: 2026 is their first leave year, nothing comes from 2025. */
async function veteran(): Promise<LoggedIn & { id: number }> {
  const user = await makeUser(suite.db, { createdAt: '2026-01-01T00:00:00Z' });
  return { ...(await login(suite.app, user)), id: user.id };
}

const apply = (s: LoggedIn, leaveTypeId: number, startDate: string, endDate: string) =>
  suite.http.post('/api/leave/apply', s, { leaveTypeId, startDate, endDate, reason: 'Needed' });

async function ledgerSums(userId: number, year: number) {
  const rows = await sql<{ leave_type_id: number; entitled: number; used: number; pending: number }>`
    SELECT leave_type_id, sum(entitled_days) AS entitled, sum(used_days) AS used, sum(pending_days) AS pending
    FROM leave_ledger WHERE user_id = ${userId} AND leave_year = ${year} GROUP BY leave_type_id`.execute(
    suite.db,
  );
  return new Map(rows.rows.map((r) => [r.leave_type_id, r]));
}

describe('the ledger', () => {
  it('explains every balance: each figure equals the sum of its lines', async () => {
    const s = await veteran();
    const a = (await apply(s, annual, '2026-04-01', '2026-04-03')).json().application.id;
    const b = (await apply(s, annual, '2026-05-04', '2026-05-08')).json().application.id;
    await apply(s, annual, '2026-06-01', '2026-06-02');
    await apply(s, sick, '2026-03-02', '2026-03-02');
    await suite.http.put(`/api/leave/applications/${a}/status`, admin, { status: 'approved' });
    await suite.http.put(`/api/leave/applications/${b}/status`, admin, { status: 'rejected' });
    const balances = (await suite.http.get('/api/leave/my-balance', s)).json().balances;
    const sums = await ledgerSums(s.id, 2026);
    for (const balance of balances) {
      const line = sums.get(balance.leave_type_id)!;
      expect(balance.entitled_days).toBe(Number(line.entitled));
      expect(balance.used_days).toBe(Number(line.used));
      expect(balance.pending_days).toBe(Number(line.pending));
    }
    expect(balances.find((x: { leave_type_id: number }) => x.leave_type_id === annual)).toMatchObject({
      entitled_days: 25,
      used_days: 3,
      pending_days: 2,
      pending_applications: 1,
      remaining_days: 20,
    });
    const entries = (await suite.http.get('/api/leave/my-ledger', s)).json().entries;
    expect(
      entries
        .filter((e: { application_id: number | null }) => e.application_id === b)
        .map((e: { kind: string }) => e.kind),
    ).toEqual(['application_pending', 'application_rejected']);
  });

  it('refuses lines that move days the wrong way, and a second entitlement for a year', async () => {
    const s = await veteran();
    await ensureLeaveYear(suite.db, s.id, 2026, 2026);
    await ensureLeaveYear(suite.db, s.id, 2026, 2026);
    const entitlements = await suite.db
      .selectFrom('leave_ledger')
      .select('id')
      .where('user_id', '=', s.id)
      .where('leave_year', '=', 2026)
      .where('kind', '=', 'entitlement')
      .execute();
    expect(entitlements).toHaveLength(4); // one per type, however often it runs
    await expect(
      suite.db
        .insertInto('leave_ledger')
        .values({ user_id: s.id, leave_type_id: annual, leave_year: 2026, kind: 'adjustment', used_days: 3 })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      suite.db
        .insertInto('leave_ledger')
        .values({
          user_id: s.id,
          leave_type_id: annual,
          leave_year: 2026,
          kind: 'entitlement',
          entitled_days: 25,
        })
        .execute(),
    ).rejects.toThrow(/duplicate key/);
  });

  it('refuses overlapping live applications in the database itself', async () => {
    const s = await veteran();
    await apply(s, annual, '2026-09-01', '2026-09-03');
    await expect(
      suite.db
        .insertInto('leave_applications')
        .values({
          user_id: s.id,
          leave_type_id: sick,
          start_date: '2026-09-03',
          end_date: '2026-09-04',
          days_requested: 2,
          reason: 'x',
        })
        .execute(),
    ).rejects.toThrow(/leave_applications_no_overlap/);
  });
});

describe('carry forward at year end', () => {
  it('carries unused days up to the policy cap, once, and nothing for types without carry forward', async () => {
    const lots = await veteran(); // uses 2 of 25: 23 unused, capped at 5
    const few = await veteran(); // uses 22 of 25: 3 unused, all carried
    const id1 = (await apply(lots, annual, '2026-10-01', '2026-10-02')).json().application.id;
    const id2 = (await apply(few, annual, '2026-10-01', '2026-10-22')).json().application.id;
    await suite.http.put(`/api/leave/applications/${id1}/status`, admin, { status: 'approved' });
    await suite.http.put(`/api/leave/applications/${id2}/status`, admin, { status: 'approved' });

    expect(await rollOverLeaveYear(suite.db, 2026)).toBeGreaterThan(0);
    expect(await rollOverLeaveYear(suite.db, 2026)).toBe(0); // idempotent

    suite.clock.set('2027-01-04T09:00:00Z');
    const next = async (s: LoggedIn) =>
      (await suite.http.get('/api/leave/my-balance', s))
        .json()
        .balances.filter(
          (b: { leave_type_id: number }) => b.leave_type_id === annual || b.leave_type_id === sick,
        );
    expect(await next(lots)).toEqual([
      expect.objectContaining({ year: 2027, carried_forward: 5, entitled_days: 30, remaining_days: 30 }),
      expect.objectContaining({ year: 2027, carried_forward: 0, entitled_days: 10, remaining_days: 10 }),
    ]);
    expect((await next(few))[0]).toMatchObject({ carried_forward: 3, entitled_days: 28 });
    suite.clock.set('2026-03-02T09:00:00Z');
  });

  it('carries forward on first use in the new year when the job has not run, and not before the year ends', async () => {
    const s = await veteran();
    // Looking at next year's balance in December must not carry anything yet.
    await ensureLeaveYear(suite.db, s.id, 2027, 2026);
    let lines = await suite.db
      .selectFrom('leave_ledger')
      .select(['kind', 'entitled_days'])
      .where('user_id', '=', s.id)
      .where('leave_year', '=', 2027)
      .where('kind', '=', 'carry_forward')
      .execute();
    expect(lines).toEqual([]);
    await ensureLeaveYear(suite.db, s.id, 2027, 2027);
    await carryForward(suite.db, 2026, s.id);
    lines = await suite.db
      .selectFrom('leave_ledger')
      .select(['kind', 'entitled_days'])
      .where('user_id', '=', s.id)
      .where('leave_year', '=', 2027)
      .where('kind', '=', 'carry_forward')
      .execute();
    expect(lines).toEqual([{ kind: 'carry_forward', entitled_days: 5 }]);
    const balance = (await balancesOf(suite.db, s.id, 2027)).find((b) => b.leave_type_id === annual);
    expect(balance).toMatchObject({ carried_forward: 5, remaining_days: 30 });
  });

  it('never carries days a pending application may still use', async () => {
    const s = await veteran();
    await apply(s, annual, '2026-11-02', '2026-11-24'); // 23 pending of 25
    await carryForward(suite.db, 2026, s.id);
    const line = await suite.db
      .selectFrom('leave_ledger')
      .select('entitled_days')
      .where('user_id', '=', s.id)
      .where('leave_year', '=', 2027)
      .where('kind', '=', 'carry_forward')
      .executeTakeFirstOrThrow();
    expect(line.entitled_days).toBe(2);
  });
});

describe('the rollover schedule', () => {
  it('carries last year forward as soon as it starts', async () => {
    const s = await veteran();
    await ensureLeaveYear(suite.db, s.id, 2026, 2026);
    const stop = scheduleLeaveYearRollover(
      suite.db,
      new OrgClock(suite.db, () => new Date('2027-01-01T00:30:00Z')),
      (e) => {
        throw e;
      },
    );
    try {
      await expect
        .poll(async () =>
          suite.db
            .selectFrom('leave_ledger')
            .select('entitled_days')
            .where('user_id', '=', s.id)
            .where('leave_year', '=', 2027)
            .where('kind', '=', 'carry_forward')
            .execute(),
        )
        .toEqual([{ entitled_days: 5 }]);
    } finally {
      stop();
    }
  });
});
