import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeLeaveApplication, makeUsers, type TestUser } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Monday 15 June 2026.
const suite = useSuite({ now: '2026-06-15T10:00:00Z' });

let manager: Session;
let team: TestUser[];
let outsider: TestUser | undefined;

beforeAll(async () => {
  manager = await suite.signedIn({ department: 'Calendar Team', manager: true });
  team = await makeUsers(suite.db, 4, { department: 'Calendar Team' });
  [outsider] = await makeUsers(suite.db, 1, { department: 'Calendar Elsewhere' });
  // 1 July: two of the team off (one approved, one pending) and the outsider; 2 July: one.
  await makeLeaveApplication(suite.db, {
    user: team[0]!,
    start: '2026-07-01',
    end: '2026-07-02',
    status: 'approved',
    decidedBy: manager.user,
  });
  await makeLeaveApplication(suite.db, { user: team[1]!, start: '2026-07-01', end: '2026-07-01' });
  await makeLeaveApplication(suite.db, { user: outsider!, start: '2026-07-01', end: '2026-07-01' });
});

describe('GET /api/team/calendar/:year/:month', () => {
  it("counts the team's leave per day and marks a clash from the setting's share (at least two)", async () => {
    const res = await suite.http.get('/api/team/calendar/2026/7', manager);
    expect(res.statusCode).toBe(200);
    // Five people (the manager and four); 20% of five is one, so the threshold is two.
    expect(res.json()).toMatchObject({ team_size: 5, clash_threshold: 2 });
    expect(res.json().days).toEqual([
      { date: '2026-07-01', approved: 1, pending: 1, half_day: 0, clash: true },
      { date: '2026-07-02', approved: 1, pending: 0, half_day: 0, clash: false },
    ]);
    // The leave calendar shows the manager the same numbers.
    const calendar = (await suite.http.get('/api/leave/calendar/2026/7', manager)).json().events;
    expect(calendar).toEqual(res.json().days.map(({ clash: _, ...day }: { clash: boolean }) => day));
  });

  it('follows the setting; 0 turns the warning off; staff get 403', async () => {
    const settings = (await suite.http.get('/api/settings', suite.admin)).json().settings;
    await suite.http.put('/api/settings', suite.admin, { ...settings, leaveClashPercent: 0 });
    const off = (await suite.http.get('/api/team/calendar/2026/7', manager)).json();
    expect(off.clash_threshold).toBeNull();
    expect(off.days.some((d: { clash: boolean }) => d.clash)).toBe(false);
    await suite.http.put('/api/settings', suite.admin, { ...settings, leaveClashPercent: 60 });
    expect((await suite.http.get('/api/team/calendar/2026/7', manager)).json().clash_threshold).toBe(3);
    await suite.http.put('/api/settings', suite.admin, settings);
    const staff = await suite.signedIn({ department: 'Calendar Team' });
    expect((await suite.http.get('/api/team/calendar/2026/7', staff)).statusCode).toBe(403);
  });
});

describe("a manager's attendance CSV", () => {
  it("holds the team's people only, whatever they ask for; an administrator's holds everyone", async () => {
    await makeAttendance(suite.db, {
      user: team[2]!,
      date: '2026-06-12',
      checkIn: '08:50',
      checkOut: '17:00',
    });
    await makeAttendance(suite.db, {
      user: outsider!,
      date: '2026-06-12',
      checkIn: '08:40',
      checkOut: '17:00',
    });
    const body = { startDate: '2026-06-12', endDate: '2026-06-12', format: 'csv' };
    const emailsOf = (csv: string) =>
      new Set((parse(csv, { columns: true, bom: true }) as { Email: string }[]).map((row) => row.Email));

    const mine = await suite.http.post('/api/attendance/export', manager, body);
    expect(mine.statusCode).toBe(200);
    const emails = emailsOf(mine.body);
    expect(emails).toContain(team[2]!.email);
    expect(emails).not.toContain(outsider!.email);
    const asked = await suite.http.post('/api/attendance/export', manager, {
      ...body,
      userIds: [outsider!.id],
    });
    expect(emailsOf(asked.body).size).toBe(0);

    expect(emailsOf((await suite.http.post('/api/attendance/export', suite.admin, body)).body)).toContain(
      outsider!.email,
    );
    const staff = await suite.signedIn({ department: 'Calendar Team' });
    expect((await suite.http.post('/api/attendance/export', staff, body)).statusCode).toBe(403);
  });
});
