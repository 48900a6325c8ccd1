import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from '../../../test/fixtures';
import { NOW } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: NOW });
let admin: LoggedIn;
let staff: LoggedIn;

beforeAll(async () => {
  admin = suite.admin;
  staff = await suite.signedIn();
});

const policy = (overrides: object = {}) => ({
  name: 'Study Leave',
  leaveCode: 'STU',
  description: 'Exams and courses',
  maxDays: 3,
  carryForward: true,
  carryForwardCap: 2,
  requiresApproval: true,
  ...overrides,
});

describe('leave policies', () => {
  it('lists the four standard types with their policies, to anybody signed in', async () => {
    const res = await suite.http.get('/api/leave/policies', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().policies.map((p: { name: string; max_days: number }) => [p.name, p.max_days])).toEqual([
      ['Annual Leave', 25],
      ['Sick Leave', 10],
      ['Personal Leave', 5],
      ['Unpaid Leave', 0],
    ]);
    expect(res.json().policies[0]).toMatchObject({
      carry_forward: true,
      carry_forward_cap: 5,
      requires_approval: true,
    });
  });

  it('lets only admins create, change and delete them', async () => {
    expect((await suite.http.post('/api/leave/policies', staff, policy())).statusCode).toBe(403);
    const created = await suite.http.post('/api/leave/policies', admin, policy());
    expect(created.statusCode).toBe(201);
    const id = created.json().policy.id;
    expect(created.json().policy).toMatchObject({
      name: 'Study Leave',
      leave_code: 'STU',
      max_days: 3,
      applications: 0,
    });
    expect((await suite.http.put(`/api/leave/policies/${id}`, staff, policy())).statusCode).toBe(403);
    const updated = await suite.http.put(
      `/api/leave/policies/${id}`,
      admin,
      policy({ maxDays: 4, carryForward: false }),
    );
    expect(updated.json().policy).toMatchObject({ max_days: 4, carry_forward: false, carry_forward_cap: 0 });
    expect((await suite.http.del(`/api/leave/policies/${id}`, staff)).statusCode).toBe(403);
    expect((await suite.http.del(`/api/leave/policies/${id}`, admin)).statusCode).toBe(200);
    expect((await suite.http.del(`/api/leave/policies/${id}`, admin)).statusCode).toBe(404);
    const actions = await suite.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'leave_policy')
      .where('target_id', '=', String(id))
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'leave.policy_created',
      'leave.policy_deleted',
      'leave.policy_updated',
    ]);
  });

  it('refuses to delete a type somebody applied for (409), and duplicate names', async () => {
    const created = (
      await suite.http.post('/api/leave/policies', admin, policy({ name: 'Jury Duty', leaveCode: 'JURY' }))
    ).json().policy;
    await suite.http.post('/api/leave/apply', staff, {
      leaveTypeId: created.leave_type_id,
      startDate: '2026-07-01',
      endDate: '2026-07-01',
      reason: 'Summoned',
    });
    const res = await suite.http.del(`/api/leave/policies/${created.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Jury Duty has 1 application and cannot be deleted');
    const dup = await suite.http.post(
      '/api/leave/policies',
      admin,
      policy({ name: 'jury duty', leaveCode: 'JD' }),
    );
    expect(dup.statusCode).toBe(409);
  });

  it('validates the form, naming each field', async () => {
    const res = await suite.http.post('/api/leave/policies', admin, {
      name: ' ',
      leaveCode: 'bad code',
      maxDays: -1,
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['carryForward', 'leaveCode', 'maxDays', 'name', 'requiresApproval']);
  });

  it('books a changed allowance as an adjustment line for this year', async () => {
    const created = (
      await suite.http.post('/api/leave/policies', admin, policy({ name: 'Moving', leaveCode: 'MOV' }))
    ).json().policy;
    const balanceOf = async () =>
      (await suite.http.get('/api/leave/my-balance', staff))
        .json()
        .balances.find((b: { leave_type: string }) => b.leave_type === 'Moving');
    expect((await balanceOf()).entitled_days).toBe(3);
    await suite.http.put(
      `/api/leave/policies/${created.id}`,
      admin,
      policy({ name: 'Moving', leaveCode: 'MOV', maxDays: 5 }),
    );
    expect(await balanceOf()).toMatchObject({ entitled_days: 5, remaining_days: 5 });
    const kinds = (await suite.http.get('/api/leave/my-ledger', staff))
      .json()
      .entries.filter((e: { leave_type: string }) => e.leave_type === 'Moving')
      .map((e: { kind: string; entitled_days: number }) => [e.kind, e.entitled_days]);
    expect(kinds).toEqual([
      ['entitlement', 3],
      ['adjustment', 2],
    ]);
  });
});
