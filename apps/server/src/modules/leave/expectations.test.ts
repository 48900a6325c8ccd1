import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../../test/events';
import type { LoggedIn } from '../../../test/fixtures';
import { countCalendarDays, leaveRequests, NOW, TODAY } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

// Cancelling approved leave, rejection reasons and administrators' own leave. Now: 15 June 2026.
const suite = useSuite({ now: NOW });
let admin: LoggedIn & { id: number };
let secondAdmin: LoggedIn & { id: number };

beforeAll(async () => {
  admin = { ...suite.admin, id: suite.admin.user.id };
  const other = await suite.signedIn({ role: 'admin' });
  secondAdmin = { ...other, id: other.user.id };
  await countCalendarDays(suite.db, 'Annual Leave');
});

const { staff, applyFor, decide, annualBalance } = leaveRequests(suite);
const cancel = (who: LoggedIn, id: number) => suite.http.post(`/api/leave/applications/${id}/cancel`, who);

const audits = (id: number) =>
  suite.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'details', 'at'])
    .where('target_type', '=', 'leave_application')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('cancelling approved leave', () => {
  it('gives the days back, audits who and when, and tells the approver and admins live', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-07-01', '2026-07-03');
    expect((await decide(admin, id, 'approved', 'Application approved by admin')).statusCode).toBe(200);
    expect(await annualBalance(s)).toMatchObject({ used_days: 3, remaining_days: 22 });

    const live = recordEvents(suite.bus);
    const res = await cancel(s, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'cancelled', decided_by: { id: s.id } });
    expect(await annualBalance(s)).toMatchObject({ used_days: 0, pending_days: 0, remaining_days: 25 });

    const lines = await suite.db
      .selectFrom('leave_ledger')
      .select(['kind', 'used_days', 'pending_days', 'created_by'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.kind, Number(l.pending_days), Number(l.used_days)])).toEqual([
      ['application_pending', 3, 0],
      ['application_approved', -3, 3],
      ['application_cancelled', 0, -3],
    ]);
    expect(lines[2]!.created_by).toBe(s.id);

    const cancelled = (await audits(id)).find((a) => a.action === 'leave.cancelled');
    expect(cancelled).toMatchObject({
      actor_user_id: s.id,
      at: expect.any(Date),
      details: { previousStatus: 'approved', approvedBy: admin.id, startDate: '2026-07-01' },
    });

    // The approval's own messages may still be arriving (the log is read after its commit).
    const update = await live.waitFor(
      (e) => e.kind === 'live' && e.type === 'leave_application_update' && e.data.status === 'cancelled',
    );
    expect(update).toMatchObject({
      data: { applicationId: id, status: 'cancelled' },
      audience: { admins: true, userIds: [s.id] },
    });
    const told = await live.waitFor(
      (e) =>
        e.kind === 'live' &&
        e.type === 'leave_status_notification' &&
        e.audience.userIds?.includes(admin.id) === true,
    );
    expect(told).toMatchObject({
      audience: { userIds: [admin.id] },
      data: {
        type: 'info',
        user: { id: admin.id },
        message: expect.stringMatching(
          /cancelled their approved Annual Leave from 1 Jul 2026 to 3 Jul 2026$/,
        ),
      },
    });
    live.stop();
  });

  it('refuses leave that has started (today counts), and keeps the days used', async () => {
    const s = await staff();
    const id = await applyFor(s, TODAY, '2026-06-16');
    await decide(admin, id, 'approved');
    const res = await cancel(s, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This leave started on 15 Jun 2026; only leave that has not started can be cancelled',
    );
    expect(await annualBalance(s)).toMatchObject({ used_days: 2 });
    expect((await audits(id)).map((a) => a.action)).toEqual(['leave.applied', 'leave.approved']);
  });

  it("refuses another person's approved application (404, as if it did not exist) and a rejected one", async () => {
    const owner = await staff();
    const id = await applyFor(owner, '2026-08-03', '2026-08-04');
    await decide(admin, id, 'approved');
    expect((await cancel(await staff(), id)).statusCode).toBe(404);
    expect((await cancel(secondAdmin, id)).statusCode).toBe(404);
    expect((await suite.http.get(`/api/leave/my-applications`, owner)).json().applications[0].status).toBe(
      'approved',
    );

    const rejected = await applyFor(owner, '2026-09-07', '2026-09-07');
    await decide(admin, rejected, 'rejected');
    const res = await cancel(owner, rejected);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(
      /^Only pending applications, or approved ones that have not started/,
    );
  });
});

describe('rejection reasons', () => {
  it('keeps the reason on the application and puts it in the applicant’s toast', async () => {
    const s = await staff();
    const id = await applyFor(s, '2026-07-06', '2026-07-06');
    const live = recordEvents(suite.bus);
    const res = await decide(admin, id, 'rejected', '  Team offsite that week ');
    expect(res.json().application).toMatchObject({
      status: 'rejected',
      admin_comments: 'Team offsite that week',
    });
    const mine = (await suite.http.get('/api/leave/my-applications', s)).json().applications;
    expect(mine[0]).toMatchObject({ id, admin_comments: 'Team offsite that week' });
    const note = await live.waitFor(
      (e) =>
        e.kind === 'live' &&
        e.type === 'leave_status_notification' &&
        e.audience.userIds?.includes(s.id) === true,
    );
    expect(note).toMatchObject({
      data: {
        type: 'error',
        message: 'Your Annual Leave on 6 Jul 2026 was rejected: Team offsite that week',
      },
    });
    live.stop();
  });

  it('stores no comment when none (or only blanks) is given, singly and in batch', async () => {
    const s = await staff();
    const one = await applyFor(s, '2026-07-07', '2026-07-07');
    expect((await decide(admin, one, 'rejected')).json().application.admin_comments).toBeNull();
    const two = await applyFor(s, '2026-07-08', '2026-07-08');
    const batch = await suite.http.post('/api/leave/batch-approval', admin, {
      applicationIds: [two],
      action: 'rejected',
      adminComments: '   ',
    });
    expect(batch.json()).toMatchObject({ succeeded: 1 });
    const mine = (await suite.http.get('/api/leave/my-applications', s)).json().applications;
    expect(mine.find((a: { id: number }) => a.id === two).admin_comments).toBeNull();
  });
});

describe("an administrator's own leave", () => {
  it('is applied for like anybody’s and decided by another administrator only', async () => {
    const own = await applyFor(admin, '2026-10-05', '2026-10-06');
    const res = await decide(admin, own, 'approved');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'not_your_approval',
      message: 'You cannot decide your own leave application; another administrator must decide it',
    });

    // In a batch the own application is skipped and said so; the others are decided.
    const s = await staff();
    const theirs = await applyFor(s, '2026-10-05', '2026-10-05');
    const batch = await suite.http.post('/api/leave/batch-approval', admin, {
      applicationIds: [own, theirs],
      action: 'approved',
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toMatchObject({
      succeeded: 1,
      failed: 1,
      results: [
        {
          applicationId: own,
          outcome: 'conflict',
          status: 'pending',
          message: expect.stringContaining('your own'),
        },
        { applicationId: theirs, outcome: 'decided', status: 'approved' },
      ],
    });
    expect((await decide(secondAdmin, own, 'approved')).statusCode).toBe(200);
    expect(await annualBalance(admin)).toMatchObject({ used_days: 2 });
  });
});
