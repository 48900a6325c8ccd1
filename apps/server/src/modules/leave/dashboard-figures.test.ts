import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from '../../../test/fixtures';
import { countCalendarDays, leaveTypeId, NOW } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

/** The leave figures the dashboards show (quick stats), computed from the ledger. */

const suite = useSuite({ now: NOW });
let admin: LoggedIn;

beforeAll(async () => {
  admin = suite.admin;
  await countCalendarDays(suite.db, 'Annual Leave');
});

const quickStats = async (s: LoggedIn) =>
  (await suite.http.get('/api/dashboard/quick-stats', s)).json().quickStats;

describe('leave on the dashboards', () => {
  it('gives staff their remaining days over limited types, and admins the pending count', async () => {
    const staff = await suite.signedIn();
    // 25 annual + 10 sick + 5 personal; unpaid leave has no limit and adds nothing.
    expect((await quickStats(staff)).totalLeaveBalance).toBe(40);
    const before = (await quickStats(admin)).pendingLeaveRequests;
    const annual = await leaveTypeId(suite.db, 'Annual Leave');
    const res = await suite.http.post('/api/leave/apply', staff, {
      leaveTypeId: annual,
      startDate: '2026-07-01',
      endDate: '2026-07-04',
      reason: 'Holiday',
    });
    expect(res.statusCode).toBe(201);
    expect((await quickStats(staff)).totalLeaveBalance).toBe(36);
    expect((await quickStats(staff)).pendingLeaveRequests).toBe(0); // not an admin figure for staff
    expect((await quickStats(staff)).myPendingLeaveRequests).toBe(1);
    expect((await quickStats(admin)).pendingLeaveRequests).toBe(before + 1);
    await suite.http.put(`/api/leave/applications/${res.json().application.id}/status`, admin, {
      status: 'rejected',
    });
    expect((await quickStats(staff)).totalLeaveBalance).toBe(40);
    expect((await quickStats(staff)).myPendingLeaveRequests).toBe(0);
    expect((await quickStats(admin)).pendingLeaveRequests).toBe(before);
  });
});
