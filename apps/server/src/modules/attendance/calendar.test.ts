import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import type { TestUser } from '../../../test/factories';

// The clock stands on Wednesday 8 July 2026, 15:00 in London (NOW).
const suite = attendanceSuite();
const { team, record } = attendanceHelpers(suite);

type Row = { user_id: number; date: string; attendance_status: string };
const absences = async (department: number, startDate: string, endDate: string) => {
  const res = await suite.http.get(
    `/api/attendance?department=${department}&startDate=${startDate}&endDate=${endDate}&status=absent&pageSize=100`,
    suite.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { attendance: Row[]; total: number };
  expect(body.total).toBe(body.attendance.length);
  return body.attendance.map((r) => `${r.user_id} ${r.date}`).sort();
};

const reportRow = async (person: TestUser, startDate: string, endDate: string) => {
  const res = await suite.http.get(
    `/api/reports/attendance?startDate=${startDate}&endDate=${endDate}`,
    suite.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .report.rows.find((r: { employee: string }) => r.employee === `${person.firstName} ${person.lastName}`);
};

const exportLines = async (department: number, startDate: string, endDate: string) => {
  const res = await suite.http.post('/api/attendance/export', suite.admin, {
    startDate,
    endDate,
    department,
    format: 'csv',
  });
  expect(res.statusCode, res.body).toBe(200);
  // Date and last name -> the Status column.
  const status = new Map<string, string>();
  for (const line of res.body.trimEnd().split('\r\n').slice(1)) {
    const cells = line.split(',');
    status.set(`${cells[0]} ${cells[3]}`, cells[9]!);
  }
  return (date: string, person: TestUser) => status.get(`${date} ${person.lastName}`);
};

describe('a schedule change', () => {
  let ann: TestUser;
  let ben: TestUser;
  let url: string;
  beforeAll(async () => {
    [ann, ben] = (await team('Calendar Versions', 2)) as [TestUser, TestUser];
    url = `/api/departments/${ann.departmentId}/schedule`;
    await record(ann, '2026-07-06', '08:00', '16:30');
    await record(ann, '2026-07-07', '08:00', '16:30');
  });

  it('changes today and later, never the days before', async () => {
    const dept = ann.departmentId;
    expect(await absences(dept, '2026-07-06', '2026-07-08')).toEqual(
      [`${ann.id} 2026-07-08`, `${ben.id} 2026-07-06`, `${ben.id} 2026-07-07`, `${ben.id} 2026-07-08`].sort(),
    );
    // From today on, Mondays only: Wednesday is nobody's absence any more, Tuesday still is.
    const schedule = { workdays: [1], startTime: '09:00', endTime: '17:30', graceMinutes: 10 };
    expect((await suite.http.put(url, suite.admin, schedule)).statusCode).toBe(200);
    expect(await absences(dept, '2026-07-06', '2026-07-08')).toEqual(
      [`${ben.id} 2026-07-06`, `${ben.id} 2026-07-07`].sort(),
    );
    const overview = (await suite.http.get('/api/attendance/overview?date=2026-07-08', suite.admin)).json()
      .overview;
    expect(overview.departments.find((d: { id: number }) => d.id === dept)).toMatchObject({
      scheduled: false,
    });
    const yesterday = (await suite.http.get('/api/attendance/overview?date=2026-07-07', suite.admin)).json()
      .overview;
    expect(yesterday.departments.find((d: { id: number }) => d.id === dept)).toMatchObject({
      scheduled: true,
    });
    const file = await exportLines(dept, '2026-07-07', '2026-07-08');
    expect([file('2026-07-07', ann), file('2026-07-07', ben)]).toEqual(['Complete', 'Absent']);
    expect([file('2026-07-08', ann), file('2026-07-08', ben)]).toEqual(['Not scheduled', 'Not scheduled']);
    // The reports judge each day under its own version: Ben's Monday and Tuesday.
    expect(await reportRow(ben, '2026-07-01', '2026-07-08')).toMatchObject({ absent: 5, present: 0 });
    expect(await reportRow(ann, '2026-07-01', '2026-07-08')).toMatchObject({ absent: 3, present: 2 });

    // Back to every weekday from today, starting at 06:00 with no grace: today's check-in is late.
    await suite.http.put(url, suite.admin, {
      workdays: [1, 2, 3, 4, 5],
      startTime: '06:00',
      endTime: '17:30',
      graceMinutes: 0,
    });
    const session = await suite.signIn(ben);
    const checkIn = await suite.http.post('/api/attendance/check-in', session);
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().status.late).toBe(true);
    // Yesterday's record keeps its lateness as it was judged (08:00 against 09:00 + 10).
    const tuesday = await suite.db
      .selectFrom('attendance_records')
      .select('late')
      .where('user_id', '=', ann.id)
      .where('date', '=', '2026-07-07')
      .executeTakeFirstOrThrow();
    expect(tuesday.late).toBe(false);
  });
});

describe('a public holiday', () => {
  let cat: TestUser;
  let dan: TestUser;
  let dept: number;
  beforeAll(async () => {
    [cat, dan] = (await team('Calendar Holidays', 2)) as [TestUser, TestUser];
    dept = cat.departmentId;
    // Monday 29 June worked by Cat; Tuesday 30 June a holiday Cat still came in on.
    await record(cat, '2026-06-29', '08:00', '16:30');
    await record(cat, '2026-06-30', '08:00', '12:00');
  });

  it('is nobody’s absence in the list, overview, stats, export and reports; a record on it still counts', async () => {
    const before = await absences(dept, '2026-06-29', '2026-06-30');
    expect(before).toEqual([`${dan.id} 2026-06-29`, `${dan.id} 2026-06-30`].sort());
    const beforeStats = (
      await suite.http.get('/api/attendance/stats?month=2026-06', await suite.signIn(dan))
    ).json();
    expect(beforeStats.stats).toMatchObject({ total_days: 22, present_days: 0 });

    const created = await suite.http.post('/api/holidays', suite.admin, {
      date: '2026-06-30',
      name: 'Founders Day',
    });
    expect(created.statusCode, created.body).toBe(201);

    expect(await absences(dept, '2026-06-29', '2026-06-30')).toEqual([`${dan.id} 2026-06-29`]);
    const all = (
      await suite.http.get(`/api/attendance?department=${dept}&date=2026-06-30&pageSize=100`, suite.admin)
    ).json();
    expect(all.attendance.map((r: Row) => [r.user_id, r.attendance_status])).toEqual([[cat.id, 'complete']]);

    const overview = (await suite.http.get('/api/attendance/overview?date=2026-06-30', suite.admin)).json()
      .overview;
    expect(overview.absent).toBe(0);
    expect(overview.present).toBeGreaterThanOrEqual(1);
    expect(overview.departments.find((d: { id: number }) => d.id === dept)).toMatchObject({
      present: 1,
      scheduled: false,
    });

    const stats = (
      await suite.http.get('/api/attendance/stats?month=2026-06', await suite.signIn(dan))
    ).json();
    expect(stats.stats).toMatchObject({ total_days: 21, present_days: 0 });
    const catStats = (
      await suite.http.get('/api/attendance/stats?month=2026-06', await suite.signIn(cat))
    ).json();
    // Like weekend work, a day in on a holiday is a present day in the list and the reports, but
    // not one of the stats' scheduled days.
    expect(catStats.stats).toMatchObject({ total_days: 21, present_days: 1 });

    const file = await exportLines(dept, '2026-06-29', '2026-06-30');
    expect([file('2026-06-29', cat), file('2026-06-29', dan)]).toEqual(['Complete', 'Absent']);
    expect([file('2026-06-30', cat), file('2026-06-30', dan)]).toEqual(['Complete', 'Holiday']);

    expect(await reportRow(dan, '2026-06-29', '2026-06-30')).toMatchObject({ absent: 1, present: 0 });
    expect(await reportRow(cat, '2026-06-29', '2026-06-30')).toMatchObject({ absent: 0, present: 2 });
    const department = await suite.http.get(
      '/api/reports/department?startDate=2026-06-29&endDate=2026-06-30',
      suite.admin,
    );
    // Owed: Cat Monday, Dan Monday (the holiday is nobody's); present on an owed day: Cat Monday.
    expect(
      department.json().report.rows.find((r: { department: string }) => r.department === 'Calendar Holidays'),
    ).toMatchObject({
      attendance: 50,
    });

    // Today declared a holiday: the dashboard's figures for today have nobody absent.
    const ordinary = (await suite.http.get('/api/dashboard/stats', suite.admin)).json().stats.today;
    expect(ordinary.absent).toBeGreaterThan(0);
    await suite.http.post('/api/holidays', suite.admin, { date: '2026-07-08', name: 'Surprise Day' });
    const after = (await suite.http.get('/api/dashboard/stats', suite.admin)).json().stats.today;
    expect(after).toMatchObject({ date: '2026-07-08', absent: 0, present: ordinary.present });
  });
});
