import { describe, expect, it } from 'vitest';
import { leaveTypeId, NOW } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

// Standing on 15 June 2026; 2026 has 365 days.
const suite = useSuite({ now: NOW });

let serial = 0;
const newHire = async (startDate: string | null) => {
  serial += 1;
  const res = await suite.http.post('/api/users', suite.admin, {
    firstName: 'Nina',
    lastName: `Prorated${serial}`,
    email: `prorated.${serial}@example.test`,
    employeeNumber: `PR-${serial}`,
    badgeNumber: `PRB-${serial}`,
    departmentId: null,
    role: 'staff',
    startDate,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().person.id as number;
};
const balances = async (userId: number) =>
  (await suite.http.get(`/api/users/${userId}`, suite.admin)).json().leave_balances as {
    leave_type: string;
    entitled_days: number;
    remaining_days: number | null;
  }[];
const entitled = async (userId: number, type: string) =>
  (await balances(userId)).find((b) => b.leave_type === type)!.entitled_days;

describe('annual entitlement prorated by days employed in the year', () => {
  it('gives a person starting on 27 November their share, rounded to the nearest half day', async () => {
    const id = await newHire('2026-11-27');
    // 35 of 365 days employed: 25 x 35 / 365 = 2.40 -> 2.5; 10 x 35 / 365 = 0.96 -> 1; 5 -> 0.48 -> 0.5.
    expect(await entitled(id, 'Annual Leave')).toBe(2.5);
    expect(await entitled(id, 'Sick Leave')).toBe(1);
    expect(await entitled(id, 'Personal Leave')).toBe(0.5);
    const ledger = await suite.db
      .selectFrom('leave_ledger')
      .select(['note', 'entitled_days'])
      .where('user_id', '=', id)
      .where('kind', '=', 'entitlement')
      .where('leave_type_id', '=', await leaveTypeId(suite.db, 'Annual Leave'))
      .executeTakeFirstOrThrow();
    expect(ledger.note).toBe('Yearly entitlement 2026, prorated: employed 35 of 365 days');
  });

  it('gives the full amount without a start date, or to someone employed since before the year', async () => {
    expect(await entitled(await newHire(null), 'Annual Leave')).toBe(25);
    expect(await entitled(await newHire('2019-03-04'), 'Annual Leave')).toBe(25);
  });

  it('gives nothing for a year the person is not yet employed in, and the full next year', async () => {
    const id = await newHire('2027-01-04');
    expect(await entitled(id, 'Annual Leave')).toBe(0);
    const next = await suite.http.get('/api/leave/my-balance?year=2027', suite.admin);
    expect(next.statusCode).toBe(200);
    const res = await suite.db
      .selectFrom('leave_ledger')
      .select('entitled_days')
      .where('user_id', '=', id)
      .where('leave_year', '=', 2026)
      .where('kind', '=', 'entitlement')
      .execute();
    expect(res.every((r) => Number(r.entitled_days) === 0)).toBe(true);
  });

  it('prorates again with an adjustment line when the start date changes', async () => {
    const id = await newHire('2026-11-27');
    expect(await entitled(id, 'Annual Leave')).toBe(2.5);
    const res = await suite.http.patch(`/api/users/${id}`, suite.admin, { startDate: '2026-07-01' });
    expect(res.statusCode).toBe(200);
    // 184 of 365 days: 25 x 184 / 365 = 12.60 -> 12.5.
    expect(await entitled(id, 'Annual Leave')).toBe(12.5);
    const lines = await suite.db
      .selectFrom('leave_ledger')
      .select(['kind', 'entitled_days', 'note', 'created_by'])
      .where('user_id', '=', id)
      .where('leave_type_id', '=', await leaveTypeId(suite.db, 'Annual Leave'))
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.kind, Number(l.entitled_days)])).toEqual([
      ['entitlement', 2.5],
      ['adjustment', 10],
    ]);
    expect(lines[1]).toMatchObject({
      note: 'Start date changed from 2026-11-27 to 2026-07-01: entitlement prorated again',
      created_by: suite.admin.user.id,
    });
    // Clearing the start date gives the whole year.
    await suite.http.patch(`/api/users/${id}`, suite.admin, { startDate: null });
    expect(await entitled(id, 'Annual Leave')).toBe(25);
  });

  it('prorates an allowance change too', async () => {
    const id = await newHire('2026-07-01');
    expect(await entitled(id, 'Personal Leave')).toBe(2.5);
    const policy = (await suite.http.get('/api/leave/policies', suite.admin))
      .json()
      .policies.find((p: { name: string }) => p.name === 'Personal Leave');
    const res = await suite.http.put(`/api/leave/policies/${policy.id}`, suite.admin, {
      name: 'Personal Leave',
      leaveCode: 'PL',
      description: policy.description,
      maxDays: 15,
      carryForward: false,
      requiresApproval: true,
    });
    expect(res.statusCode).toBe(200);
    // Half of 15 (7.5) rather than 2.5 + 10.
    expect(await entitled(id, 'Personal Leave')).toBe(7.5);
  });
});
