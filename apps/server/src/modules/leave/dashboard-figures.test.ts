import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/context';
import { createUser, type LoggedIn, login } from '../../../test/fixtures';
import { api, NOW, typeId } from './leave.test-support';

/** The leave figures the dashboards show (quick stats), computed from the ledger. */

let database: TestDatabase;
let t: TestApp;
let http: ReturnType<typeof api>;
let admin: LoggedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await startTestApp(database, {}, () => NOW);
  http = api(t.app);
  admin = await login(t.app, await createUser(database.db, 'admin'));
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const quickStats = async (s: LoggedIn) =>
  (await http.get('/api/dashboard/quick-stats', s.auth)).json().quickStats;

describe('leave on the dashboards', () => {
  it('gives staff their remaining days over limited types, and admins the pending count', async () => {
    const staff = await login(t.app, await createUser(database.db, 'staff'));
    // 25 annual + 10 sick + 5 personal; unpaid leave has no limit and adds nothing.
    expect((await quickStats(staff)).totalLeaveBalance).toBe(40);
    const before = (await quickStats(admin)).pendingLeaveRequests;
    const annual = await typeId(t.app, staff.auth, 'Annual Leave');
    const res = await http.post('/api/leave/apply', staff.auth, {
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
    await http.put(`/api/leave/applications/${res.json().application.id}/status`, admin.auth, {
      status: 'rejected',
    });
    expect((await quickStats(staff)).totalLeaveBalance).toBe(40);
    expect((await quickStats(staff)).myPendingLeaveRequests).toBe(0);
    expect((await quickStats(admin)).pendingLeaveRequests).toBe(before);
  });
});
