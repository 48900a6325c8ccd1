import { beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, makeLeaveApplication, makeUser } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';

const START = '2026-07-08T08:00:00Z'; // 09:00 in London
const suite = useSuite({ timeZone: 'Europe/London', now: START, adminDepartment: 'Head Office' });
let admin: LoggedIn;
let staff: LoggedIn;

beforeAll(async () => {
  admin = suite.admin;
  staff = await suite.signedIn({ department: 'Warehouse' });
  await makeUser(suite.db, { department: 'Warehouse' });
});

const get = (url: string, session: LoggedIn) => suite.http.get(url, session);
const post = (url: string, session: LoggedIn) => suite.http.post(url, session);

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
    suite.clock.set('2026-07-08T16:30:00Z');
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
  it('reports what it measured: each service, the database round trip and the uptime', async () => {
    suite.clock.set('2026-07-08T18:00:30Z');
    const res = await get('/api/dashboard/system-health', admin);
    expect(res.statusCode).toBe(200);
    const { health } = res.json();
    expect(health.services).toEqual({
      database: 'healthy',
      liveChannel: 'healthy',
      // Nothing registered in this organisation: said so, not assumed healthy.
      deviceIngest: 'unknown',
      videoRecorder: 'unknown',
      jobScheduler: expect.stringMatching(/^(healthy|warning)$/),
    });
    const detail = (service: string) =>
      health.checks.find((c: { service: string }) => c.service === service)?.detail;
    expect(detail('liveChannel')).toBe('0 sockets connected');
    expect(detail('deviceIngest')).toBe('No devices registered');
    expect(detail('videoRecorder')).toBe('No cameras');
    expect(detail('database')).toMatch(/^[\d.]+ ms round trip$/);
    // "healthy" means it answered, within the warning threshold.
    expect(health.databaseLatencyMs).toEqual(expect.any(Number));
    expect(health.databaseLatencyMs).toBeLessThanOrEqual(250);
    // Up since the app was built at START, on the organisation's clock.
    expect(health.uptime).toBe(10 * 3600 + 30);
    expect(health.checkedAt).toBe('2026-07-08T18:00:30.000Z');
  });

  it('counts offline devices and the age of the last push in device ingest', async () => {
    await makeDevice(suite.db, { code: 'H9-1', name: 'Door one', status: 'online', lastSeenAt: new Date() });
    await makeDevice(suite.db, { code: 'H9-2', name: 'Door two', status: 'offline' });
    await makeDevice(suite.db, {
      code: 'H9-3',
      name: 'Lobby counter',
      type: 'counter',
      status: 'online',
      lastSeenAt: new Date(),
    });
    await makeDevice(suite.db, { code: 'H9-4', name: 'Door under repair', status: 'maintenance' });
    const res = await get('/api/dashboard/system-health', admin);
    const ingest = res.json().health.checks.find((c: { service: string }) => c.service === 'deviceIngest');
    expect(ingest).toEqual({
      service: 'deviceIngest',
      label: 'Device ingest',
      state: 'warning',
      detail:
        '1 of 3 devices offline (2 door controllers, 1 people counter; 1 in maintenance not counted), no event yet',
    });
    // Access Control lists the door controllers, the one in maintenance too: the same devices.
    const listed = (await get('/api/access/devices', admin)).json().devices as {
      device_id: string;
      status: string;
    }[];
    const ours = listed.filter((d) => d.device_id.startsWith('H9-'));
    expect(ours.map((d) => d.device_id).sort()).toEqual(['H9-1', 'H9-2', 'H9-4']);
    expect(ours.filter((d) => d.status !== 'maintenance')).toHaveLength(2);
    expect(ours.filter((d) => d.status === 'offline')).toHaveLength(1);
    await suite.db
      .updateTable('devices')
      .set({ status: 'offline' })
      .where('device_id', 'in', ['H9-1', 'H9-3'])
      .execute();
    const down = await get('/api/dashboard/system-health', admin);
    expect(down.json().health.services.deviceIngest).toBe('down');
    await suite.db.deleteFrom('devices').where('device_id', 'in', ['H9-1', 'H9-2', 'H9-3', 'H9-4']).execute();
  });

  it('is for administrators only', async () => {
    expect((await get('/api/dashboard/system-health', staff)).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/performance-metrics', () => {
  it('gives the median latency of the API requests it answered, CPU and memory of this process', async () => {
    // Requests answered before: the metrics cover them.
    for (let i = 0; i < 5; i++) await get('/api/dashboard/quick-stats', admin);
    const res = await get('/api/dashboard/performance-metrics', admin);
    expect(res.statusCode).toBe(200);
    const { metrics } = res.json();
    expect(metrics.requestsLastMinute).toBeGreaterThanOrEqual(5);
    expect(metrics.responseTime).toBeGreaterThan(0);
    expect(metrics.responseTime).toBeLessThan(5000);
    expect(metrics.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(metrics.cpuUsage).toBeLessThanOrEqual(100);
    // The real resident size of this test process, not a default figure.
    const rssMb = process.memoryUsage.rss() / 1024 / 1024;
    expect(Math.abs(metrics.memoryRssMb - rssMb)).toBeLessThan(rssMb * 0.5);
    expect(metrics.memoryUsage).toBeGreaterThan(0);
    expect(metrics.memoryUsage).toBeLessThan(100);
  });

  it('is for administrators only', async () => {
    expect((await get('/api/dashboard/performance-metrics', staff)).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/analytics', () => {
  it('gives 30 days of attendance rate, leave by type, 24 hours of passages, 7 weekdays of traffic', async () => {
    const res = await get('/api/dashboard/analytics', admin);
    expect(res.statusCode).toBe(200);
    const { analytics } = res.json();
    // The 30 whole days before today (2026-07-08), which is still under way.
    expect(analytics.attendanceRate).toHaveLength(30);
    expect(analytics.attendanceRate.at(-1)).toEqual({ date: '2026-07-07', present: 0, expected: 3, rate: 0 });
    // A weekend: nobody was expected, so there is no rate (not 0% of everyone).
    const sunday = analytics.attendanceRate.find((d: { date: string }) => d.date === '2026-07-05');
    expect(sunday).toEqual({ date: '2026-07-05', present: 0, expected: 0, rate: null });
    expect(analytics.accessByHour).toHaveLength(24);
    expect(analytics.footTrafficByWeekday.map((d: { weekday: number }) => d.weekday)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(Array.isArray(analytics.leaveByType)).toBe(true);
    expect((await get('/api/dashboard/analytics', staff)).statusCode).toBe(403);
  });
});

// Last: its people and check-ins would change the figures the tests above expect.
describe('quick stats read by many at once', () => {
  it('gives each person their own figures, as when each asks alone', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 12 }, () => makeUser(suite.db, { department: 'Warehouse' })),
    );
    for (const [i, person] of crowd.entries()) {
      // i % 4 pending applications, each in a week of its own; every third person checked in.
      for (let n = 0; n < i % 4; n++) {
        const day = String(10 + n).padStart(2, '0');
        await makeLeaveApplication(suite.db, {
          user: person,
          start: `2026-08-${day}`,
          end: `2026-08-${day}`,
        });
      }
    }
    const sessions = await Promise.all(crowd.map((person) => suite.signIn(person)));
    for (const [i, session] of sessions.entries())
      if (i % 3 === 0) await post('/api/attendance/check-in', session);
    const alone = [];
    for (const session of sessions)
      alone.push((await get('/api/dashboard/quick-stats', session)).json().quickStats);
    // Reads that arrive together share statements (dashboard.service.ts): none may get another's.
    const together = (await Promise.all(sessions.map((s) => get('/api/dashboard/quick-stats', s)))).map(
      (res) => res.json().quickStats,
    );
    expect(together).toEqual(alone);
    expect(together.map((q) => q.myPendingLeaveRequests)).toEqual(crowd.map((_, i) => i % 4));
    expect(together.map((q) => q.attendanceStatus)).toEqual(
      crowd.map((_, i) => (i % 3 ? 'absent' : 'present')),
    );
  });
});
