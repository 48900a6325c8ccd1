import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/context';
import { createUser, type LoggedIn, login } from '../../../test/fixtures';

let now = new Date('2026-07-08T08:00:00Z'); // 09:00 in London
let database: TestDatabase;
let t: TestApp;
let admin: LoggedIn;
let staff: LoggedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('settings')
    .values({ key: 'timezone', value: JSON.stringify('Europe/London') })
    .execute();
  t = await startTestApp(database, {}, () => now);
  admin = await login(t.app, await createUser(database.db, 'admin', { departmentName: 'Head Office' }));
  staff = await login(t.app, await createUser(database.db, 'staff', { departmentName: 'Warehouse' }));
  await createUser(database.db, 'staff', { departmentName: 'Warehouse' });
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const get = (url: string, session: LoggedIn) => t.app.inject({ method: 'GET', url, headers: session.auth });
const post = (url: string, session: LoggedIn) => t.app.inject({ method: 'POST', url, headers: session.auth });

describe('GET /api/dashboard/quick-stats', () => {
  it('follows the caller through check-in and check-out', async () => {
    const before = await get('/api/dashboard/quick-stats', staff);
    expect(before.json().quickStats).toEqual({
      attendanceStatus: 'absent',
      canCheckIn: true,
      canCheckOut: false,
      // Leave figures belong to the Leave feature and are tested there.
      totalLeaveBalance: expect.any(Number),
      presentToday: 0,
      totalEmployees: 0,
      pendingLeaveRequests: 0,
      myPendingLeaveRequests: 0,
      accessEventsToday: 0,
      dailyFootTraffic: 0,
      walkInRate: 0,
      footTrafficChange: { direction: 'neutral', value: 0 },
    });
    await post('/api/attendance/check-in', staff);
    const during = await get('/api/dashboard/quick-stats', staff);
    expect(during.json().quickStats).toMatchObject({
      attendanceStatus: 'present',
      canCheckIn: false,
      canCheckOut: true,
    });
    now = new Date('2026-07-08T16:30:00Z');
    await post('/api/attendance/check-out', staff);
    const after = await get('/api/dashboard/quick-stats', staff);
    expect(after.json().quickStats).toMatchObject({ attendanceStatus: 'present', canCheckOut: false });
  });

  it('gives admins the organisation head counts for today', async () => {
    const res = await get('/api/dashboard/quick-stats', admin);
    expect(res.json().quickStats).toMatchObject({
      presentToday: 1,
      totalEmployees: 3,
      attendanceStatus: 'absent',
    });
  });
});

describe('GET /api/dashboard/stats', () => {
  it('computes the department overview and recent activity from records', async () => {
    const res = await get('/api/dashboard/stats', admin);
    expect(res.statusCode).toBe(200);
    const { today, recentActivity } = res.json().stats;
    expect(today).toMatchObject({
      date: '2026-07-08',
      totalEmployees: 3,
      present: 1,
      stillInBuilding: 0,
      absent: 2,
    });
    expect(today.departments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Warehouse', total: 2, present: 1 }),
        expect.objectContaining({ name: 'Head Office', total: 1, present: 0 }),
      ]),
    );
    expect(recentActivity).toHaveLength(2);
    expect(recentActivity[0]).toMatchObject({
      type: 'attendance',
      timestamp: '2026-07-08T16:30:00.000Z',
      message: expect.stringMatching(/ checked out$/),
    });
    expect(recentActivity[1].message).toMatch(/ checked in$/);
  });
});

describe('GET /api/dashboard/system-health', () => {
  it('reports what it measured: the database round trip and the uptime', async () => {
    const res = await get('/api/dashboard/system-health', admin);
    expect(res.statusCode).toBe(200);
    const { health } = res.json();
    expect(health.services).toEqual({ api: 'healthy', database: 'healthy' });
    expect(health.databaseLatencyMs).toBeGreaterThanOrEqual(0);
    expect(health.uptime).toBeGreaterThanOrEqual(0);
  });
});
