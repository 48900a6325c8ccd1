import { addDays } from '@atrium/contract/calendar';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeLeaveApplication, makeUser, type TestUser } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';
import { insertHoliday } from '../organisation/holidays.repository';
import { type DayFacts, type DayKind, dayKind } from './person-day';
import { dayKindSql } from './person-day.repository';

/**
 * One truth about a person's day: each kind of day (worked, absent, on leave, holiday, day off,
 * not employed) through each reader, and every reader's count of a day against the others'.
 *
 * Wednesday 8 July 2026, 17:00 in London. Friday 3 July is a public holiday, 4-5 July a weekend.
 */
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T16:00:00Z' });
const TODAY = '2026-07-08';
const DAYS = ['2026-07-03', '2026-07-04', '2026-07-05', '2026-07-06', '2026-07-07', TODAY];
const TEAM = 'Truth Team';

type Who = 'worker' | 'absentee' | 'onLeave' | 'newHire' | 'leaver';
const people = {} as Record<Who, TestUser & { session: LoggedIn }>;

/** What each person's days are: the table every reader must agree with. */
const EXPECTED: Record<Who, DayKind[]> = {
  worker: ['holiday', 'day_off', 'day_off', 'worked', 'worked', 'worked'],
  absentee: ['holiday', 'day_off', 'day_off', 'absent', 'absent', 'absent'],
  // Approved leave from Sunday 5 to today: a weekend day of it is still a day off.
  onLeave: ['holiday', 'day_off', 'day_off', 'on_leave', 'on_leave', 'on_leave'],
  // Starts tomorrow.
  newHire: ['not_employed', 'not_employed', 'not_employed', 'not_employed', 'not_employed', 'not_employed'],
  // Last working day Monday 6 July.
  leaver: ['holiday', 'day_off', 'day_off', 'absent', 'not_employed', 'not_employed'],
};
const WHO = Object.keys(EXPECTED) as Who[];
const kindOn = (who: Who, date: string) => EXPECTED[who][DAYS.indexOf(date)]!;

/** The list's status for a listed kind; the kinds the list leaves out map to undefined. */
const LISTED: Partial<Record<DayKind, string>> = { absent: 'absent', on_leave: 'on_leave' };

beforeAll(async () => {
  const make = async (who: Who, options: { startDate?: string; endDate?: string } = {}) => {
    const user = await makeUser(suite.db, { department: TEAM, lastName: who, ...options });
    people[who] = { ...user, session: await suite.signIn(user) };
  };
  await make('worker');
  await make('absentee');
  await make('onLeave');
  await make('newHire', { startDate: '2026-07-09' });
  await make('leaver', { endDate: '2026-07-06' });
  await insertHoliday(suite.db, { date: '2026-07-03', name: 'Truth Day', site_id: null });
  for (const date of ['2026-07-06', '2026-07-07'])
    await makeAttendance(suite.db, { user: people.worker, date, checkIn: '08:00', checkOut: '16:00' });
  await makeAttendance(suite.db, { user: people.worker, date: TODAY, checkIn: '08:00' });
  await makeLeaveApplication(suite.db, {
    user: people.onLeave,
    start: '2026-07-05',
    end: TODAY,
    status: 'approved',
    decidedBy: suite.admin.user,
  });
  await sql`SELECT attendance_department_days_fold()`.execute(suite.db);
});

const get = async (url: string, session: LoggedIn = suite.admin) => {
  const res = await suite.http.get(url, session);
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

const teamId = async () =>
  (await suite.db.selectFrom('departments').select('id').where('name', '=', TEAM).executeTakeFirstOrThrow())
    .id;

describe('the rule', () => {
  it('is the same in TypeScript and in SQL for every combination of facts', async () => {
    const keys: (keyof DayFacts)[] = ['record', 'employed', 'holiday', 'scheduled', 'leave', 'come'];
    const combos = Array.from({ length: 2 ** keys.length }, (_, n) =>
      Object.fromEntries(keys.map((k, i) => [k, Boolean(n & (1 << i))])),
    ) as unknown as DayFacts[];
    for (const facts of combos) {
      const lit = (b: boolean) => sql.lit(b);
      const expr = dayKindSql({
        record: lit(facts.record),
        employed: lit(facts.employed),
        holiday: lit(facts.holiday),
        scheduled: lit(facts.scheduled),
        leave: lit(facts.leave),
        come: lit(facts.come),
      });
      const row = await sql<{ kind: DayKind }>`SELECT ${expr} AS kind`.execute(suite.db);
      expect(row.rows[0]!.kind, JSON.stringify(facts)).toBe(dayKind(facts));
    }
  });
});

describe('each kind of day through each reader', () => {
  it('the attendance list shows worked, on-leave and absent days, and nobody outside their employment', async () => {
    const department = await teamId();
    for (const date of DAYS) {
      const { attendance, total } = await get(
        `/api/attendance?date=${date}&department=${department}&pageSize=50`,
      );
      const shown = new Map(
        attendance.map((r: { user_id: number; attendance_status: string }) => [r.user_id, r]),
      );
      for (const who of WHO) {
        const kind = kindOn(who, date);
        const row = shown.get(people[who].id) as
          | { attendance_status: string; leave_type: string | null }
          | undefined;
        if (kind === 'worked')
          expect(row?.attendance_status, `${who} ${date}`).toMatch(/complete|checked_in/);
        else expect(row?.attendance_status, `${who} ${date}`).toBe(LISTED[kind]);
        if (kind === 'on_leave') expect(row?.leave_type).toBe('Annual Leave');
      }
      expect(total, date).toBe(
        WHO.filter((w) => ['worked', 'absent', 'on_leave'].includes(kindOn(w, date))).length,
      );
      for (const status of ['absent', 'on_leave'] as const) {
        const filtered = await get(`/api/attendance?date=${date}&department=${department}&status=${status}`);
        const ids = filtered.attendance.map((r: { user_id: number }) => r.user_id).sort();
        const expected = WHO.filter((w) => kindOn(w, date) === status)
          .map((w) => people[w].id)
          .sort();
        expect(ids, `${status} on ${date}`).toEqual(expected);
        expect(filtered.total).toBe(expected.length);
      }
    }
  });

  it('a search finds the same kinds as the department list', async () => {
    const { attendance } = await get(`/api/attendance?date=${TODAY}&search=onLeave`);
    expect(attendance).toEqual([
      expect.objectContaining({ user_id: people.onLeave.id, attendance_status: 'on_leave' }),
    ]);
    expect((await get(`/api/attendance?date=${TODAY}&search=newHire`)).total).toBe(0);
  });

  it("each person's own calendar and statistics", async () => {
    for (const who of WHO) {
      const { session } = people[who];
      const own = await get(`/api/attendance?startDate=${DAYS[0]}&endDate=${TODAY}&pageSize=50`, session);
      const byDate = new Map(
        own.attendance.map((r: { date: string; attendance_status: string }) => [r.date, r]),
      );
      for (const date of DAYS) {
        const kind = kindOn(who, date);
        const status = (byDate.get(date) as { attendance_status: string } | undefined)?.attendance_status;
        if (kind === 'worked') expect(status).toMatch(/complete|checked_in/);
        else expect(status, `${who} ${date}`).toBe(LISTED[kind]);
      }
      const { stats } = await get('/api/attendance/stats?month=2026-07', session);
      // July 1-2 are workdays too: everyone employed then was absent on them.
      const before = who === 'newHire' ? 0 : 2;
      const kinds = EXPECTED[who];
      const worked = kinds.filter((k) => k === 'worked').length;
      // Today counts once it has a check-in, not while it may still come.
      const absent = kinds.filter((k, i) => k === 'absent' && DAYS[i] !== TODAY).length;
      expect(stats, who).toMatchObject({ present_days: worked, total_days: worked + absent + before });
    }
  });

  it('the person page', async () => {
    for (const who of WHO) {
      const page = await get(`/api/users/${people[who].id}`);
      const byDate = new Map(
        page.recent_attendance.map((d: { date: string; kind: string }) => [d.date, d.kind]),
      );
      for (const date of DAYS) {
        const kind = kindOn(who, date);
        expect(byDate.get(date), `${who} ${date}`).toBe(kind === 'not_employed' ? undefined : kind);
      }
    }
  });

  it('the CSV export names each day, with the leave type, and leaves out days outside employment', async () => {
    const res = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: DAYS[0],
      endDate: TODAY,
      department: await teamId(),
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    // A parser nobody on the team wrote reads every line as the header's 14 columns.
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toHaveLength(14);
    const onLeave = rows.filter((r) => r.Status === 'On Leave');
    expect(onLeave.map((r) => [r['Last Name'], r['Leave Type']])).toEqual(
      DAYS.filter((d) => kindOn('onLeave', d) === 'on_leave').map(() => ['onLeave', 'Annual Leave']),
    );
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    const LABEL: Record<DayKind, RegExp | undefined> = {
      worked: /,(Complete|Checked In),.*,$/,
      absent: /,,,,Absent,no,no,,$/,
      on_leave: /,,,,On Leave,no,no,,Annual Leave$/,
      holiday: /,,,,Holiday,no,no,,$/,
      day_off: /,,,,Not scheduled,no,no,,$/,
      not_employed: undefined,
      ahead: undefined,
    };
    for (const who of WHO) {
      const mine = lines.filter((l) => l.includes(`,${who},`));
      const expected = DAYS.filter((d) => LABEL[kindOn(who, d)]);
      expect(
        mine.map((l) => l.slice(0, 10)),
        who,
      ).toEqual(expected);
      for (const line of mine) expect(line, who).toMatch(LABEL[kindOn(who, line.slice(0, 10))]!);
    }
  });

  it('the attendance report counts the same absences over the days that have ended', async () => {
    const { report } = await get(`/api/reports/attendance?startDate=${DAYS[0]}&endDate=2026-07-07`);
    for (const who of WHO) {
      const row = report.rows.find((r: { employee: string }) => r.employee.endsWith(who));
      const absent = EXPECTED[who].filter((k, i) => k === 'absent' && DAYS[i]! < TODAY).length;
      // Someone not employed on any day of the range is not in it at all.
      if (EXPECTED[who].every((k) => k === 'not_employed')) expect(row, who).toBeUndefined();
      else expect(row?.absent, who).toBe(absent);
    }
  });
});

describe('one number on every screen', () => {
  it('the list, the overview, the dashboard and its analytics give the same absent count for a day', async () => {
    for (const date of DAYS) {
      const absent = (await get(`/api/attendance?date=${date}&status=absent`)).total;
      const onLeave = (await get(`/api/attendance?date=${date}&status=on_leave`)).total;
      const { overview } = await get(`/api/attendance/overview?date=${date}`);
      expect(overview.absent, date).toBe(absent);
      expect(overview.onLeave, date).toBe(onLeave);
    }
    const { stats } = await get('/api/dashboard/stats');
    const { overview } = await get(`/api/attendance/overview?date=${TODAY}`);
    expect(stats.today).toEqual(overview);
    const { quickStats } = await get('/api/dashboard/quick-stats');
    expect(quickStats.totalEmployees).toBe(overview.totalEmployees);
    expect(quickStats.presentToday).toBe(overview.present);

    const { analytics } = await get('/api/dashboard/analytics');
    for (const day of analytics.attendanceRate.filter((d: { date: string }) => DAYS.includes(d.date))) {
      const absent = (await get(`/api/attendance?date=${day.date}&status=absent`)).total;
      expect(day.expected - day.present, day.date).toBe(absent);
    }
    expect(analytics.attendanceRate.at(-1).date).toBe(addDays(TODAY, -1));
  });

  it('counts nobody outside their employment among the employees of the day', async () => {
    const { overview } = await get(`/api/attendance/overview?date=${TODAY}`);
    const team = overview.departments.find((d: { name: string }) => d.name === TEAM);
    expect(team.total).toBe(3); // worker, absentee, onLeave
  });
});
