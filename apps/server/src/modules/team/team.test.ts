import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeDepartment, makeLeaveApplication, makeUser } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Monday 15 June 2026, 08:30 UTC: before the default day's start (09:00 and 10 minutes' grace).
const TODAY = '2026-06-15';
const suite = useSuite({ now: `${TODAY}T08:30:00Z` });
let manager: Session;
const people: Record<string, { id: number }> = {};

interface Member {
  name: string;
  status: string;
  check_in_time: string | null;
  leave_type: string | null;
  last_passage: unknown;
}

const today = async (who: Session, query = '') => {
  const res = await suite.http.get(`/api/team/today${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { date: string; counts: Record<string, number>; members: Member[]; total: number };
};
const byName = (members: Member[]) => Object.fromEntries(members.map((m) => [m.name, m.status]));

beforeAll(async () => {
  const top = await makeDepartment(suite.db, 'Team Top');
  const below = await makeDepartment(suite.db, 'Team Below');
  await makeDepartment(suite.db, 'Team Elsewhere');
  await suite.http.put(`/api/departments/${below.id}/parent`, suite.admin, { parentId: top.id });
  manager = await suite.signedIn({ department: 'Team Office', firstName: 'Mona', lastName: 'Lead' });
  await suite.http.put(`/api/departments/${top.id}/managers`, suite.admin, { managerIds: [manager.user.id] });
  const person = (first: string, department: string) =>
    makeUser(suite.db, { department, firstName: first, lastName: 'Teamer' });
  people.early = await person('Early', 'Team Top');
  people.late = await person('Tardy', 'Team Below');
  people.waiting = await person('Waiting', 'Team Top');
  people.away = await person('Away', 'Team Below');
  people.other = await person('Other', 'Team Elsewhere');
  await makeAttendance(suite.db, { user: people.early, date: TODAY, checkIn: '08:20' });
  await makeAttendance(suite.db, { user: people.late, date: TODAY, checkIn: '08:25', late: true });
  await makeAttendance(suite.db, { user: people.other, date: TODAY, checkIn: '08:10' });
  await makeLeaveApplication(suite.db, {
    user: people.away,
    start: TODAY,
    end: TODAY,
    status: 'approved',
    decidedBy: suite.admin.user,
  });
});

describe('GET /api/team/today', () => {
  it("shows a manager their departments' people and those below, before the day starts", async () => {
    const team = await today(manager);
    expect(team.date).toBe(TODAY);
    expect(byName(team.members)).toEqual({
      'Away Teamer': 'on_leave',
      'Early Teamer': 'present',
      'Tardy Teamer': 'late',
      'Waiting Teamer': 'not_yet_in',
    });
    expect(team.members.find((m) => m.name === 'Away Teamer')?.leave_type).toBe('Annual Leave');
    expect(team.members.find((m) => m.name === 'Early Teamer')?.check_in_time).toBe(`${TODAY}T08:20:00.000Z`);
    expect(team.counts).toEqual({ expected: 4, present: 2, late: 1, absent: 0, not_yet_in: 1, on_leave: 1 });
    expect(team.total).toBe(4);
  });

  it('counts a missing person absent once the day has started, as the attendance list does', async () => {
    suite.clock.set(`${TODAY}T10:00:00Z`);
    try {
      const team = await today(manager);
      expect(byName(team.members)['Waiting Teamer']).toBe('absent');
      expect(team.counts).toMatchObject({ absent: 1, not_yet_in: 0, present: 2, on_leave: 1 });
      // One number, one meaning: the attendance list of the same people says the same.
      const list = await suite.http.get(`/api/attendance?date=${TODAY}&status=absent`, manager);
      expect(list.json().total).toBe(team.counts.absent! + team.counts.not_yet_in!);
      const onLeave = await suite.http.get(`/api/attendance?date=${TODAY}&status=on_leave`, manager);
      expect(onLeave.json().total).toBe(team.counts.on_leave);
      // And the manager's Leave Management says the same of who is away today.
      const stats = await suite.http.get('/api/leave/stats', manager);
      expect(stats.json().stats.on_leave_today).toBe(team.counts.on_leave);
    } finally {
      suite.clock.set(`${TODAY}T08:30:00Z`);
    }
  });

  it('pages the team by name', async () => {
    const first = await today(manager, '?page=1&pageSize=3');
    const second = await today(manager, '?page=2&pageSize=3');
    expect(first.total).toBe(4);
    expect([...first.members, ...second.members].map((m) => m.name).sort()).toEqual([
      'Away Teamer',
      'Early Teamer',
      'Tardy Teamer',
      'Waiting Teamer',
    ]);
  });

  it('shows an administrator everyone, and answers 403 to staff', async () => {
    const everyone = await today(suite.admin, '?pageSize=100');
    expect(byName(everyone.members)['Other Teamer']).toBe('present');
    const staff = await suite.signedIn({ department: 'Team Top' });
    expect((await suite.http.get('/api/team/today', staff)).statusCode).toBe(403);
  });
});
