import { type PayrollSettingsRequest, payrollLeaveKey, type Report, type ReportRow } from '@atrium/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAttendance,
  makeHoliday,
  makeLeaveApplication,
  makeSchedule,
  makeUser,
  type TestUser,
} from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Thursday 10 December 2026: October and November have ended, so every absence in them counts.
const suite = useSuite({ now: '2026-12-10T12:00:00Z' });
const OCTOBER = 'startDate=2026-10-01&endDate=2026-10-31';
const DEPT = 'Payroll Ops';

let olga: TestUser;
let walt: TestUser;
let nina: TestUser;
let staff: Session;
let manager: Session;

const MONTHLY: PayrollSettingsRequest = {
  payPeriod: 'monthly',
  anchorDate: '2026-10-05',
  dailyOvertimeAfterMinutes: 0,
  weeklyThresholdHours: 40,
};

async function settle(settings: PayrollSettingsRequest) {
  const res = await suite.http.put('/api/settings/payroll', suite.admin, settings);
  expect(res.statusCode, res.body).toBe(200);
}

async function payroll(query: string, as = suite.admin): Promise<Report> {
  const res = await suite.http.get(`/api/reports/payroll?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
}

/** Employee numbers of the people made below. */
const EMPLOYEE = new Map<TestUser, string>();
const rowsOf = (r: Report, who: TestUser) => r.rows.filter((row) => row.employeeNumber === EMPLOYEE.get(who));

beforeAll(async () => {
  const db = suite.db;
  // An 8-hour shift, Monday to Friday.
  await makeSchedule(db, {
    department: DEPT,
    startTime: '09:00',
    endTime: '17:00',
    workdays: [1, 2, 3, 4, 5],
  });
  olga = await makeUser(db, {
    department: DEPT,
    firstName: 'Olga',
    lastName: 'Over',
    employeeNumber: 'PAY-OLGA',
  });
  walt = await makeUser(db, {
    department: DEPT,
    employeeNumber: 'PAY-WALT',
    firstName: 'Walt',
    lastName: 'Week',
    manager: true,
  });
  nina = await makeUser(db, {
    department: DEPT,
    employeeNumber: 'PAY-NINA',
    firstName: 'Nina',
    lastName: 'New',
    startDate: '2026-10-15',
  });
  EMPLOYEE.set(olga, 'PAY-OLGA').set(walt, 'PAY-WALT').set(nina, 'PAY-NINA');
  staff = await suite.signedIn({ department: 'Payroll Elsewhere' });
  manager = await suite.signIn(walt);
  // Monday 12 October is a public holiday: October has 21 workdays.
  await makeHoliday(db, '2026-10-12', 'Payroll test holiday');

  // Olga: 10 h on Thu 1 (2 h over), late by 25 minutes on Fri 2, 4 h on Saturday 3 and 4 h on
  // the holiday (a day off and a holiday have no scheduled hours: all overtime), two days of
  // paid annual leave and one of unpaid leave; every other workday absent.
  await makeAttendance(db, { user: olga, date: '2026-10-01', checkIn: '09:00', checkOut: '19:00' });
  await makeAttendance(db, {
    user: olga,
    date: '2026-10-02',
    checkIn: '09:25',
    checkOut: '17:00',
    late: true,
  });
  await makeAttendance(db, { user: olga, date: '2026-10-03', checkIn: '10:00', checkOut: '14:00' });
  await makeAttendance(db, { user: olga, date: '2026-10-12', checkIn: '09:00', checkOut: '13:00' });
  await makeLeaveApplication(db, { user: olga, start: '2026-10-19', end: '2026-10-20', status: 'approved' });
  await makeLeaveApplication(db, {
    user: olga,
    type: 'Unpaid Leave',
    start: '2026-10-21',
    end: '2026-10-21',
    status: 'approved',
  });
  // Walt: 9 h a day from Monday 5 to Friday 9 October (an hour over each day, 40 h regular).
  for (const day of ['05', '06', '07', '08', '09'])
    await makeAttendance(db, { user: walt, date: `2026-10-${day}`, checkIn: '09:00', checkOut: '18:00' });
  // Nina starts on Thursday 15 October and never comes.
}, 60_000);

describe('payroll report', () => {
  it('answers per person per month: overtime daily and on days off, late minutes, absences, leave by type, holidays worked', async () => {
    await settle(MONTHLY);
    const report = await payroll(OCTOBER);
    expect(report.title).toBe('Payroll');
    expect(report.columns.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'Regular Hours',
        'Overtime Hours',
        'Annual Leave (paid) Days',
        'Unpaid Leave (unpaid) Days',
      ]),
    );
    const [o] = rowsOf(report, olga);
    expect(o).toMatchObject({
      name: 'Olga Over',
      department: DEPT,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      // 10 + 7 h 35 min + 4 + 4 = 25.58 h worked, of which 2 + 4 + 4 overtime.
      regularHours: 15.58,
      overtimeHours: 10,
      lateMinutes: 25,
      lateDays: 1,
      // 21 workdays - 2 worked - 3 on leave.
      absentDays: 16,
      holidaysWorked: 1,
      [payrollLeaveKey('AL')]: 2,
      [payrollLeaveKey('UL')]: 1,
      [payrollLeaveKey('SL')]: 0,
    });
    const [w] = rowsOf(report, walt);
    // One hour over each day; the remaining 40 h are within the weekly threshold.
    expect(w).toMatchObject({ regularHours: 40, overtimeHours: 5, lateMinutes: 0, absentDays: 16 });
  });

  it('counts a person starting mid-period from their start date, and gives no period before it', async () => {
    await settle(MONTHLY);
    const report = await payroll('startDate=2026-09-01&endDate=2026-10-31');
    const rows = rowsOf(report, nina);
    expect(rows.map((r) => r.periodStart)).toEqual(['2026-10-01']);
    // 15, 16, 19-23, 26-30 October.
    expect(rows[0]).toMatchObject({ absentDays: 12, regularHours: 0, overtimeHours: 0 });
  });

  it('applies the weekly threshold to hours not already daily overtime, and the daily allowance', async () => {
    await settle({
      payPeriod: 'weekly',
      anchorDate: '2026-10-05',
      dailyOvertimeAfterMinutes: 30,
      weeklyThresholdHours: 30,
    });
    const report = await payroll('startDate=2026-10-05&endDate=2026-10-11');
    const [w] = rowsOf(report, walt);
    // Each day 9 h against 8 h + 30 min: 0.5 h daily overtime (2.5 h); 42.5 h left, 12.5 over 30.
    expect(w).toMatchObject({
      periodStart: '2026-10-05',
      periodEnd: '2026-10-11',
      overtimeHours: 15,
      regularHours: 30,
    });
    const [o] = rowsOf(report, olga);
    expect(o).toMatchObject({ regularHours: 0, overtimeHours: 0, absentDays: 5 });
  });

  it('cuts two-week periods at the anchor, and reports every period the range touches whole', async () => {
    await settle({ ...MONTHLY, payPeriod: 'biweekly' });
    const report = await payroll('startDate=2026-10-18&endDate=2026-10-19');
    expect(rowsOf(report, olga).map((r) => [r.periodStart, r.periodEnd])).toEqual([
      ['2026-10-05', '2026-10-18'],
      ['2026-10-19', '2026-11-01'],
    ]);
    const [first] = rowsOf(report, walt);
    expect(first).toMatchObject({ regularHours: 40, overtimeHours: 5 });
    // An anchor on a Wednesday moves the boundaries with it.
    await settle({ ...MONTHLY, payPeriod: 'biweekly', anchorDate: '2026-09-30' });
    const moved = await payroll('startDate=2026-10-18&endDate=2026-10-19');
    expect(rowsOf(moved, olga).map((r) => [r.periodStart, r.periodEnd])).toEqual([
      ['2026-10-14', '2026-10-27'],
    ]);
  });

  it("gives the attendance report's late and absent days for the same people and dates (one number means one thing)", async () => {
    await settle(MONTHLY);
    const [pay, attendance] = [
      await payroll(OCTOBER),
      await suite.http.get(`/api/reports/attendance?${OCTOBER}`, suite.admin),
    ];
    const byName = new Map<unknown, ReportRow>(
      (attendance.json().report as Report).rows.map((r) => [r.employee, r]),
    );
    const people = pay.rows.filter((r) => r.department === DEPT);
    expect(people).toHaveLength(3);
    for (const row of pay.rows) {
      const same = byName.get(row.name);
      expect(same, String(row.name)).toBeDefined();
      expect([row.name, row.lateDays, row.absentDays]).toEqual([row.name, same!.late, same!.absent]);
    }
  });
});

describe('payroll access and input', () => {
  it('answers 403 to staff, and a manager their team only', async () => {
    expect((await suite.http.get(`/api/reports/payroll?${OCTOBER}`, staff)).statusCode).toBe(403);
    expect(
      (await suite.http.get(`/api/reports/payroll/export?format=csv&${OCTOBER}`, staff)).statusCode,
    ).toBe(403);
    expect((await suite.http.get('/api/settings/payroll', staff)).statusCode).toBe(403);
    expect((await suite.http.put('/api/settings/payroll', manager, MONTHLY)).statusCode).toBe(403);
    const team = await payroll(OCTOBER, manager);
    expect(new Set(team.rows.map((r) => r.department))).toEqual(new Set([DEPT]));
  });

  it('refuses bad settings naming the field, and audits a change', async () => {
    const bad = await suite.http.put('/api/settings/payroll', suite.admin, {
      ...MONTHLY,
      payPeriod: 'daily',
      weeklyThresholdHours: 0,
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['payPeriod', 'weeklyThresholdHours']));
    await settle({ ...MONTHLY, weeklyThresholdHours: 37.5 });
    const read = await suite.http.get('/api/settings/payroll', suite.admin);
    expect(read.json().settings).toMatchObject({ weeklyThresholdHours: 37.5 });
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'payroll.settings_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(suite.admin.user.id);
    expect(audit.details).toMatchObject({ after: { weeklyThresholdHours: 37.5 } });
  });

  it("labels a leave type's column paid or unpaid as its policy says", async () => {
    const created = await suite.http.post('/api/leave/policies', suite.admin, {
      name: 'Study Leave',
      leaveCode: 'STU',
      maxDays: 5,
      carryForward: false,
      requiresApproval: true,
      paid: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().policy).toMatchObject({ paid: false });
    const report = await payroll(OCTOBER);
    expect(report.columns.map((c) => c.label)).toContain('Study Leave (unpaid) Days');
    expect(report.columns.map((c) => c.label)).toContain('Sick Leave (paid) Days');
  });

  it('refuses CSV for other reports and a range over a quarter, naming the field', async () => {
    const csv = await suite.http.get(`/api/reports/attendance/export?format=csv&${OCTOBER}`, suite.admin);
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.details[0]).toMatchObject({ field: 'format', rule: 'csv_payroll_only' });
    const long = await suite.http.get(
      '/api/reports/payroll?startDate=2026-01-01&endDate=2026-06-30',
      suite.admin,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0]).toMatchObject({ field: 'endDate', rule: 'range_too_long' });
  });
});

describe('payroll files', () => {
  it('exports CSV with a byte order mark that csv-parse reads back to the same figures', async () => {
    await settle(MONTHLY);
    const res = await suite.http.get(`/api/reports/payroll/export?format=csv&${OCTOBER}`, suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const o = records.find((r) => r['Employee ID'] === 'PAY-OLGA');
    expect(o).toMatchObject({
      Name: 'Olga Over',
      'Period Start': '2026-10-01',
      'Regular Hours': '15.58',
      'Overtime Hours': '10',
      'Late Minutes': '25',
      'Absent Days': '16',
      'Annual Leave (paid) Days': '2',
      'Unpaid Leave (unpaid) Days': '1',
    });
    const screen = await payroll(OCTOBER);
    expect(records).toHaveLength(screen.rows.length);
  });

  it('exports xlsx that exceljs reads back, numbers as numbers and dates as dates', async () => {
    const res = await suite.http.get(`/api/reports/payroll/export?format=xlsx&${OCTOBER}`, suite.admin);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Payroll')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (label: string) => header.indexOf(label) + 1;
    let found = false;
    sheet.eachRow((row, n) => {
      if (n === 1 || row.getCell(col('Employee ID')).value !== 'PAY-OLGA') return;
      found = true;
      expect(row.getCell(col('Overtime Hours')).value).toBe(10);
      expect(row.getCell(col('Late Minutes')).value).toBe(25);
      expect(row.getCell(col('Period End')).value).toEqual(new Date('2026-10-31T00:00:00Z'));
      expect(row.getCell(col('Annual Leave (paid) Days')).value).toBe(2);
    });
    expect(found).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it("draws a PDF through the reports' own path", async () => {
    const res = await suite.http.get(`/api/reports/payroll/export?format=pdf&${OCTOBER}`, suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
