import { efficiencyOf, type Report } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAccessEvents,
  makeAccessPoint,
  makeAlert,
  makeAttendance,
  makeCounter,
  makeCountingWindows,
  makeDevice,
  makeLeaveApplication,
  makeUser,
  type TestUser,
} from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Friday 20 November 2026, 18:00 UTC. The range 2–13 November holds ten Monday–Friday workdays,
// all ended, so each is present, on leave or absent.
const suite = useSuite({ now: '2026-11-20T18:00:00Z' });
const RANGE = 'startDate=2026-11-02&endDate=2026-11-13';
const WORKDAYS = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-11-${d}`);

let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let staff: Session;

async function report(type: string, query = RANGE): Promise<Report> {
  const res = await suite.http.get(`/api/reports/${type}?${query}`, suite.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
}

const card = (r: Report, label: string) => r.summary.find((c) => c.label === label)?.value;

beforeAll(async () => {
  const db = suite.db;
  ann = await makeUser(db, { department: 'Reports Alpha', firstName: 'Ann', lastName: 'Alpha' });
  ben = await makeUser(db, {
    department: 'Reports Alpha',
    firstName: 'Ben',
    lastName: 'Alpha',
    manager: true,
  });
  cat = await makeUser(db, { department: 'Reports Beta', firstName: 'Cat', lastName: 'Beta' });
  staff = await suite.signedIn({ department: 'Reports Beta' });
  // Ann: five 8-hour days (two late), two days of approved annual leave, three absences.
  for (const [i, date] of WORKDAYS.slice(0, 5).entries())
    await makeAttendance(db, {
      user: ann,
      date,
      checkIn: '09:00',
      checkOut: '17:00',
      late: i === 1 || i === 2,
    });
  await makeLeaveApplication(db, { user: ann, start: '2026-11-09', end: '2026-11-10', status: 'approved' });
  // Ben and Cat: every workday, 8.5 hours; Cat also on the Saturday (counted present, not owed).
  for (const date of WORKDAYS) {
    await makeAttendance(db, { user: ben, date, checkIn: '09:00', checkOut: '17:30' });
    await makeAttendance(db, { user: cat, date, checkIn: '09:00', checkOut: '17:30' });
  }
  await makeAttendance(db, { user: cat, date: '2026-11-07', checkIn: '10:00', checkOut: '12:00' });
  // Cat's pending sick day is not used leave but holds a day of her balance.
  await makeLeaveApplication(db, { user: cat, type: 'Sick Leave', start: '2026-11-23', end: '2026-11-23' });

  // A door with three entries, two exits and a denied card on 5 November, and one door alert.
  const door = await makeDevice(db, {
    code: 'HK-R1',
    name: 'Report door reader',
    accessPoint: await makeAccessPoint(db, { name: 'Report Door' }),
  });
  const events: [string, 'granted' | 'denied', 'entry' | 'exit' | null][] = [
    ['08:55', 'granted', 'entry'],
    ['08:56', 'granted', 'entry'],
    ['09:01', 'granted', 'entry'],
    ['17:00', 'granted', 'exit'],
    ['17:30', 'granted', 'exit'],
    ['12:00', 'denied', null],
  ];
  await makeAccessEvents(
    db,
    events.map(([time, kind, action]) => ({
      device: door,
      at: `2026-11-05T${time}:00Z`,
      kind,
      action: action ?? undefined,
      user: ann,
    })),
  );
  await makeAlert(db, {
    kind: 'door_forced',
    severity: 'high',
    message: 'Door forced open',
    device_id: 'HK-R1',
    occurred_at: new Date('2026-11-05T22:00:00Z'),
  });

  // A counter: 30 in, 20 out, 70 walking past on Thursday 5 November.
  const counter = await makeCounter(db, { code: 'PC-R1', name: 'Report counter' });
  await makeCountingWindows(db, counter, [
    { start: '2026-11-05T10:00:00Z', end: '2026-11-05T11:00:00Z', entries: 30, exits: 20, passby: 70 },
  ]);
});

describe('Attendance Report', () => {
  it('counts present, late and absent days and hours per person', async () => {
    const r = await report('attendance');
    const row = (name: TestUser) => r.rows.find((x) => x.employee === `${name.firstName} ${name.lastName}`);
    expect(row(ann)).toMatchObject({
      department: 'Reports Alpha',
      present: 5,
      late: 2,
      absent: 3,
      hours: 40,
    });
    expect(row(ben)).toMatchObject({ present: 10, late: 0, absent: 0, hours: 85 });
    expect(row(cat)).toMatchObject({ present: 11, late: 0, absent: 0, hours: 87 });
    expect(r.columns.map((c) => c.label)).toEqual([
      'Employee',
      'Department',
      'Present Days',
      'Late Days',
      'Absent Days',
      'Total Hours',
    ]);
    expect(r.charts.find((c) => c.id === 'monthly')?.data).toEqual([
      expect.objectContaining({ month: '2026-11', late: 2 }),
    ]);
    expect(r.summary).toHaveLength(4);
  });

  it('an inverted range is empty, not an error', async () => {
    const r = await report('attendance', 'startDate=2026-11-13&endDate=2026-11-02');
    expect(r.emptyRange).toBe(true);
    expect(r.rows).toEqual([]);
    expect(card(r, 'Present Days')).toBe(0);
  });

  it('a range with no records counts only the days that have ended as absent', async () => {
    const r = await report('attendance', 'startDate=2026-11-20&endDate=2026-11-30');
    expect(r.rows.find((x) => x.employee === `${ben.firstName} ${ben.lastName}`)).toMatchObject({
      present: 0,
      absent: 0,
    });
  });
});

describe('Leave Report', () => {
  it('shows used leave by type inside the range and the remaining balance', async () => {
    const r = await report('leave');
    const annRow = r.rows.find((x) => x.employee === `${ann.firstName} ${ann.lastName}`);
    const catRow = r.rows.find((x) => x.employee === `${cat.firstName} ${cat.lastName}`);
    expect(annRow).toMatchObject({ annual: 2, sick: 0, personal: 0, totalUsed: 2 });
    expect(catRow).toMatchObject({ annual: 0, totalUsed: 0 });
    // Same entitlement, Ann used two days, Cat has one pending: Cat has one day more left.
    expect(Number(catRow?.remaining) - Number(annRow?.remaining)).toBe(1);
    expect(card(r, 'Leave Days Used')).toBe(2);
  });

  it('charts each type’s balance of the year per person, stacked as used, pending and remaining', async () => {
    const r = await report('leave');
    const chart = r.charts.find((c) => c.id === 'balance');
    expect(chart).toMatchObject({ title: 'Leave Balance 2026, Average per Person', stacked: true });
    const ledger = await sql<{
      type: string;
      people: number;
      entitled: number;
      used: number;
      pending: number;
    }>`
      SELECT lt.leave_name AS type, count(DISTINCT l.user_id)::int AS people,
             sum(l.entitled_days)::float8 AS entitled, sum(l.used_days)::float8 AS used,
             sum(l.pending_days)::float8 AS pending
      FROM leave_ledger l JOIN leave_types lt ON lt.id = l.leave_type_id AND lt.max_days_per_year > 0
      JOIN users u ON u.id = l.user_id AND u.active
      WHERE l.leave_year = 2026 GROUP BY lt.leave_name`.execute(suite.db);
    expect(chart?.data).toHaveLength(ledger.rows.length);
    for (const t of ledger.rows) {
      const bar = chart?.data.find((d) => d.type === t.type);
      expect(bar).toMatchObject({ people: t.people });
      expect(Number(bar?.used)).toBeCloseTo(t.used / t.people, 1);
      expect(Number(bar?.pending)).toBeCloseTo(t.pending / t.people, 1);
      // The parts make up the average entitlement.
      expect(Number(bar?.used) + Number(bar?.pending) + Number(bar?.remaining)).toBeCloseTo(
        t.entitled / t.people,
        0,
      );
    }
    // Ann's two annual days and Cat's pending sick day are in it.
    expect(ledger.rows.some((t) => t.used >= 2)).toBe(true);
    expect(ledger.rows.some((t) => t.pending >= 1)).toBe(true);
  });

  it('leave only partly inside the range counts only its days inside', async () => {
    const r = await report('leave', 'startDate=2026-11-10&endDate=2026-11-30');
    expect(r.rows.find((x) => x.employee === `${ann.firstName} ${ann.lastName}`)).toMatchObject({
      annual: 1,
    });
  });
});

describe('Access Control Report', () => {
  it('lists each access point per day with passages in and out, denied attempts and alerts', async () => {
    const r = await report('access');
    expect(r.rows).toEqual([
      { day: '2026-11-05', accessPoint: 'Report Door', entries: 3, exits: 2, denied: 1, alerts: 1 },
    ]);
    expect(card(r, 'Denied Attempts')).toBe(1);
    expect(card(r, 'Passages')).toBe(5);
    const daily = r.charts[0]?.data ?? [];
    expect(daily).toHaveLength(12);
    expect(daily.find((d) => d.day === '2026-11-05')).toEqual({ day: '2026-11-05', granted: 5, denied: 1 });
  });
});

describe('Department Report', () => {
  it('gives attendance, hours, manager and the efficiency label', async () => {
    const r = await report('department');
    // Alpha: 15 of 18 owed days present (Ann's leave is not owed) = 83.3 % -> Good.
    expect(r.rows.find((x) => x.department === 'Reports Alpha')).toEqual({
      department: 'Reports Alpha',
      manager: `${ben.firstName} ${ben.lastName}`,
      employees: 2,
      attendance: 83.3,
      avgHours: 8.3,
      totalHours: 125,
      lateCount: 2,
      efficiency: 'Good',
    });
    // Beta: Cat every day, the signed-in staff member never: 10 of 20 = 50 % -> Average.
    expect(r.rows.find((x) => x.department === 'Reports Beta')).toMatchObject({
      employees: 2,
      attendance: 50,
      efficiency: 'Average',
      manager: '',
    });
    expect(r.notes.join(' ')).toContain('Excellent at 95%');
  });

  it('labels efficiency at its thresholds', () => {
    expect([100, 95, 94.9, 90, 89.9, 80, 79.9, 0].map(efficiencyOf)).toEqual([
      'Excellent',
      'Excellent',
      'High',
      'High',
      'Good',
      'Good',
      'Average',
      'Average',
    ]);
  });
});

describe('People Counting Report', () => {
  it('sums the counting rollup into traffic, walk-in and conversion', async () => {
    const r = await report('people-analytics');
    expect(card(r, 'Total Entries')).toBe(30);
    expect(card(r, 'Walk-in Rate')).toBe(30);
    expect(card(r, 'Conversion Rate')).toBe(42.9);
    // Two Thursdays in 2-13 November, 30 entries on one: 15 per Thursday.
    expect(r.charts.find((c) => c.id === 'weekly')?.data[3]).toEqual({
      day: 'Thu',
      label: 'Average per Thursday (2 in range)',
      days: 2,
      entries: 15,
      exits: 10,
    });
    expect(r.rows.find((x) => x.day === '2026-11-05')).toMatchObject({ entries: 30, passby: 70, exits: 20 });
  });
});

describe("a manager's reports", () => {
  it("cover their team's people with the same figures as the administrator's; doors are not theirs", async () => {
    const manager = await suite.signIn(ben);
    const names = (r: Report) => r.rows.map((x) => x.employee).sort();
    for (const type of ['attendance', 'leave']) {
      const res = await suite.http.get(`/api/reports/${type}?${RANGE}`, manager);
      expect(res.statusCode, res.body).toBe(200);
      const mine: Report = res.json().report;
      expect(names(mine)).toEqual(['Ann Alpha', 'Ben Alpha']);
      const everyone = await report(type);
      for (const row of mine.rows)
        expect(row).toEqual(everyone.rows.find((x) => x.employee === row.employee));
    }
    const departments: Report = (await suite.http.get(`/api/reports/department?${RANGE}`, manager)).json()
      .report;
    expect(departments.rows.map((x) => x.department)).toEqual(['Reports Alpha']);
    for (const type of ['access', 'people-analytics'])
      expect((await suite.http.get(`/api/reports/${type}?${RANGE}`, manager)).statusCode).toBe(403);
    const file = await suite.http.get(`/api/reports/attendance/export?format=pdf&${RANGE}`, manager);
    expect(file.statusCode).toBe(200);
  });
});

describe('Reports API', () => {
  it('answers 403 to staff and 400 naming the field for a bad type or date', async () => {
    expect((await suite.http.get(`/api/reports/attendance?${RANGE}`, staff)).statusCode).toBe(403);
    const badType = await suite.http.get(`/api/reports/salary?${RANGE}`, suite.admin);
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('type');
    const badDate = await suite.http.get(
      '/api/reports/leave?startDate=2026-13-01&endDate=2026-11-02',
      suite.admin,
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('startDate');
  });

  it('covers a whole year, leap or not, and answers 400 naming endDate beyond it', async () => {
    const tooLong = {
      code: 'validation_failed',
      message: 'A date range may cover at most 366 days',
      details: [
        { field: 'endDate', rule: 'range_too_long', message: 'A date range may cover at most 366 days' },
      ],
    };
    for (const type of ['attendance', 'leave', 'access', 'department', 'people-analytics']) {
      await report(type, 'startDate=2024-01-01&endDate=2024-12-31');
      await report(type, 'startDate=2025-11-21&endDate=2026-11-21');
      const year = await suite.http.get(
        `/api/reports/${type}?startDate=2025-11-20&endDate=2026-11-21`,
        suite.admin,
      );
      expect(year.statusCode, type).toBe(400);
      expect(year.json().error).toEqual(tooLong);
      const century = `startDate=2000-01-01&endDate=2100-12-31`;
      for (const url of [
        `/api/reports/${type}?${century}`,
        `/api/reports/${type}/export?format=xlsx&${century}`,
      ]) {
        const res = await suite.http.get(url, suite.admin);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.details).toEqual(tooLong.details);
      }
    }
    const counting = await suite.http.get(
      '/api/dashboard/people-analytics-report?startDate=2000-01-01&endDate=2100-12-31',
      suite.admin,
    );
    expect(counting.statusCode).toBe(400);
    expect(counting.json().error).toEqual(tooLong);
  });
});

describe('Report exports', () => {
  it('streams a PDF with the title, the range and a known row', async () => {
    const res = await suite.http.get(`/api/reports/department/export?format=pdf&${RANGE}`, suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="department-report-2026-11-02-to-2026-11-13.pdf"',
    );
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Department Report');
    expect(text).toContain('Atrium · 2026-11-02 to 2026-11-13');
    expect(text).toMatch(/Reports Alpha\s+Ben Alpha\s+2\s+83\.3%\s+8\.3\s+125\s+2\s+Good/);
  });

  it('streams an xlsx with a summary sheet and typed table sheets', async () => {
    const res = await suite.http.get(`/api/reports/access/export?format=xlsx&${RANGE}`, suite.admin);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Access Points by Day',
      'Daily Access Events',
    ]);
    const summary = book.getWorksheet('Summary');
    expect(summary?.getCell('A1').value).toBe('Access Control Report');
    expect(summary?.getCell('B2').value).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(summary?.getRow(4).values).toEqual([undefined, 'Organisation', 'Atrium']);
    const table = book.getWorksheet('Access Points by Day');
    expect(table?.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Access Point',
      'In',
      'Out',
      'Denied',
      'Alerts',
    ]);
    expect(table?.getRow(2).values).toEqual([
      undefined,
      new Date('2026-11-05T00:00:00Z'),
      'Report Door',
      3,
      2,
      1,
      1,
    ]);
    expect(table?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(table?.autoFilter).toBeTruthy();
  });

  it('refuses staff and an unknown format', async () => {
    expect((await suite.http.get(`/api/reports/leave/export?format=pdf&${RANGE}`, staff)).statusCode).toBe(
      403,
    );
    const bad = await suite.http.get(`/api/reports/leave/export?format=doc&${RANGE}`, suite.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('format');
  });
});
