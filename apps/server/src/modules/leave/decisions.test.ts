import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../../test/events';
import type { LoggedIn } from '../../../test/fixtures';
import { countCalendarDays, leaveRequests, NOW, TODAY } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: NOW });
let admin: LoggedIn & { id: number };
let secondAdmin: LoggedIn;

beforeAll(async () => {
  admin = { ...suite.admin, id: suite.admin.user.id };
  secondAdmin = await suite.signedIn({ role: 'admin' });
  await countCalendarDays(suite.db, 'Annual Leave');
});

const { staff, applyFor, decide, annualBalance } = leaveRequests(suite);

describe('deciding one application', () => {
  it('approval moves the days from pending to used and records who, when and the comment', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-07-01', '2026-07-05');
    const live = recordEvents(suite.bus);
    const res = await decide(admin, id, 'approved', 'Application approved by admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({
      status: 'approved',
      decided_by: { id: admin.id },
      decided_at: NOW.toISOString(),
      admin_comments: 'Application approved by admin',
    });
    expect(await annualBalance(s)).toMatchObject({
      used_days: 5,
      pending_days: 0,
      pending_applications: 0,
      remaining_days: 20,
    });
    const note = await live.waitFor((e) => e.kind === 'live' && e.type === 'leave_status_notification');
    expect(note).toMatchObject({
      data: { type: 'success', user: { id: s.id }, message: expect.stringContaining('was approved') },
      audience: { userIds: [s.id] },
    });
    live.stop();
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_type', '=', 'leave_application')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['leave.applied', 'leave.approved']);
  });

  it('rejection releases the pending days', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-07-01', '2026-07-03');
    expect(await annualBalance(s)).toMatchObject({ pending_days: 3, remaining_days: 22 });
    const res = await decide(admin, id, 'rejected', 'Busy season');
    expect(res.json().application).toMatchObject({ status: 'rejected', admin_comments: 'Busy season' });
    expect(await annualBalance(s)).toMatchObject({ used_days: 0, pending_days: 0, remaining_days: 25 });
  });

  it('answers 409 when deciding an application that is not pending, and changes nothing', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-07-10', '2026-07-10');
    await decide(admin, id, 'rejected');
    const again = await decide(admin, id, 'approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already rejected');
    expect(await annualBalance(s)).toMatchObject({ used_days: 0, pending_days: 0 });
    expect((await decide(admin, 987654, 'approved')).statusCode).toBe(404);
    expect((await decide(admin, id, 'cancelled')).statusCode).toBe(400);
  });

  it('leaves exactly one decision when two admins decide at once', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await staff();
      const id = await applyFor(s, '2026-08-01', '2026-08-04');
      const results = await Promise.all([decide(admin, id, 'approved'), decide(secondAdmin, id, 'rejected')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const lines = await suite.db
        .selectFrom('leave_ledger')
        .select('kind')
        .where('application_id', '=', id)
        .execute();
      expect(lines).toHaveLength(2); // the application, and one decision
      const balance = await annualBalance(s);
      expect(balance.pending_days).toBe(0);
      expect(balance.used_days === 4 || balance.used_days === 0).toBe(true);
    }
  });

  it('refuses staff the decision (403) and an admin deciding their own leave', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-09-01', '2026-09-01');
    expect((await decide(s, id, 'approved')).statusCode).toBe(403);
    const ownId = await applyFor(admin, '2026-09-02', '2026-09-02');
    expect((await decide(admin, ownId, 'approved')).statusCode).toBe(403);
    expect((await decide(secondAdmin, ownId, 'approved')).statusCode).toBe(200);
  });

  it('counts approved and rejected today, people on leave today and pending in stats', async () => {
    const before = (await suite.http.get('/api/leave/stats', admin)).json().stats;
    const s = await staff();
    const id = await applyFor(s, TODAY, TODAY);
    await decide(admin, id, 'approved');
    await applyFor(await staff(), '2026-10-01', '2026-10-01');
    const after = (await suite.http.get('/api/leave/stats', admin)).json().stats;
    expect(after.approved_today).toBe(before.approved_today + 1);
    expect(after.on_leave_today).toBe(before.on_leave_today + 1);
    expect(after.pending).toBe(before.pending + 1);
    const page = (await suite.http.get('/api/leave/pending?pageSize=100', admin)).json();
    expect(page.total).toBe(after.pending);
    expect(page.applications).toHaveLength(after.pending);
    expect(page.applications.every((a: { status: string }) => a.status === 'pending')).toBe(true);
  });

  it('pages the pending list oldest first, with the total on every page', async () => {
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04']) await applyFor(await staff(), day, day);
    const all = (await suite.http.get('/api/leave/pending?pageSize=100', admin)).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page += 1) {
      const res = (await suite.http.get(`/api/leave/pending?page=${page}&pageSize=2`, admin)).json();
      expect(res.total).toBe(all.total);
      seen.push(...res.applications.map((a: { id: number }) => a.id));
    }
    expect(seen).toEqual(all.applications.map((a: { id: number }) => a.id));
    const applied = all.applications.map((a: { applied_at: string }) => a.applied_at);
    expect(applied).toEqual([...applied].sort());
    expect((await suite.http.get('/api/leave/pending?pageSize=101', admin)).statusCode).toBe(400);
  });
});

describe('batch decisions', () => {
  it('decides the pending ones and reports per application what happened to the rest', async () => {
    const s1 = await staff();
    const s2 = await staff();
    const a = await applyFor(s1, '2026-11-02', '2026-11-03');
    const b = await applyFor(s2, '2026-11-02', '2026-11-04');
    const decided = await applyFor(await staff(), '2026-11-05', '2026-11-05');
    await decide(admin, decided, 'rejected');
    const res = await suite.http.post('/api/leave/batch-approval', admin, {
      applicationIds: [a, b, decided, 424242, a],
      action: 'approved',
      adminComments: 'Approved in batch',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.succeeded).toBe(2);
    expect(body.failed).toBe(2);
    expect(body.results).toEqual([
      expect.objectContaining({ applicationId: a, outcome: 'decided', status: 'approved' }),
      expect.objectContaining({ applicationId: b, outcome: 'decided', status: 'approved' }),
      expect.objectContaining({ applicationId: decided, outcome: 'conflict', status: 'rejected' }),
      expect.objectContaining({ applicationId: 424242, outcome: 'not_found', status: null }),
    ]);
    expect(await annualBalance(s2)).toMatchObject({ used_days: 3, pending_days: 0 });
  });

  it('needs a selection and an admin', async () => {
    expect(
      (await suite.http.post('/api/leave/batch-approval', admin, { applicationIds: [], action: 'approved' }))
        .statusCode,
    ).toBe(400);
    const s = await staff();
    expect(
      (await suite.http.post('/api/leave/batch-approval', s, { applicationIds: [1], action: 'approved' }))
        .statusCode,
    ).toBe(403);
  });
});
