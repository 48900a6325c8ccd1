import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeLeaveType, makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { ensureLeaveYear } from './balances';
import { leaveYearBooked } from './ledger.repository';

// Balances are read beside leaveYearBooked and booked only when it says something is missing, so
// it must answer true exactly when ensureLeaveYear would book nothing, whatever the state.
const suite = useSuite({ now: '2026-06-15T09:00:00Z' });

const lines = async (userId: number) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*) AS n FROM leave_ledger WHERE user_id = ${userId}`.execute(
        suite.db,
      )
    ).rows[0]!.n,
  );

/** leaveYearBooked's answer, checked against what ensureLeaveYear then books; booked after it. */
async function expectAnswerMatches(userId: number, label: string): Promise<boolean> {
  const booked = await leaveYearBooked(suite.db, userId, 2026);
  const before = await lines(userId);
  await ensureLeaveYear(suite.db, userId, 2026, 2026);
  expect(booked, label).toBe((await lines(userId)) === before);
  expect(await leaveYearBooked(suite.db, userId, 2026), `${label}, then booked`).toBe(true);
  return booked;
}

describe('whether a leave year is booked', () => {
  it('is true exactly when booking the year would add no line', async () => {
    // Joined this year: only this year's entitlements are owed.
    const newcomer = await makeUser(suite.db);
    expect(await expectAnswerMatches(newcomer.id, 'newcomer')).toBe(false);

    // Joined last year, never read: last year's entitlements and this year's carry forward too.
    const veteran = await makeUser(suite.db, { createdAt: '2025-03-01T00:00:00Z' });
    expect(await expectAnswerMatches(veteran.id, 'veteran')).toBe(false);

    // Last year booked, this year not yet (the carry forward is missing).
    const halfway = await makeUser(suite.db, { createdAt: '2025-03-01T00:00:00Z' });
    await ensureLeaveYear(suite.db, halfway.id, 2025, 2025);
    expect(await expectAnswerMatches(halfway.id, 'last year only')).toBe(false);

    // A leave type added since: its entitlement is owed to everyone.
    await makeLeaveType(suite.db, { name: 'Booked Test', leaveCode: 'BOOKT', maxDays: 5 });
    expect(await expectAnswerMatches(newcomer.id, 'new type')).toBe(false);
    expect(await expectAnswerMatches(veteran.id, 'new type, veteran')).toBe(false);

    // A type that starts carrying forward: owed to those with last year's lines of it.
    await sql`UPDATE leave_policies SET carry_forward = true, carry_forward_cap = 3
              WHERE leave_type_id = (SELECT id FROM leave_types WHERE leave_code = 'SL')`.execute(suite.db);
    expect(await expectAnswerMatches(veteran.id, 'carrying, veteran')).toBe(false);
    expect(await expectAnswerMatches(newcomer.id, 'carrying, newcomer')).toBe(true);

    // Disabled: no entitlements owed, nothing to book.
    const gone = await makeUser(suite.db, { active: false });
    expect(await expectAnswerMatches(gone.id, 'disabled')).toBe(true);
  });
});
