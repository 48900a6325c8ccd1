import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import { makeHoliday, makeUser, type TestUser } from '../../../test/factories';
import { leaveTypeId } from '../../../test/leave';
import { findUserSchedule } from './schedules.repository';

/**
 * Holidays of one site (issue 35): each person keeps the holidays of their site (their own, else
 * their department's) and those of every site, wherever holidays are read. The clock stands on
 * Wednesday 8 July 2026 in London; Singapore's warehouse has Monday 6 July off, everyone
 * Tuesday 7 July.
 */
const suite = attendanceSuite();
const { record } = attendanceHelpers(suite);

let warehouse: number;
let singapore: number;
/** At the warehouse, in its department. */
let wen: TestUser;
/** At head office. */
let hal: TestUser;
/** In a head office department, but working at the warehouse (a site of her own). */
let fay: TestUser;

beforeAll(async () => {
  ({ id: singapore } = await suite.db
    .insertInto('sites')
    .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore', work_week: [1, 2, 3, 4, 5, 6] })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: warehouse } = await suite.db
    .insertInto('departments')
    .values({ name: 'SG Warehouse', site_id: singapore })
    .returning('id')
    .executeTakeFirstOrThrow());
  wen = await makeUser(suite.db, { department: 'SG Warehouse', employeeNumber: 'SH-WEN', lastName: 'Wen' });
  hal = await makeUser(suite.db, { department: 'SH Office', employeeNumber: 'SH-HAL', lastName: 'Hal' });
  fay = await makeUser(suite.db, { department: 'SH Office', employeeNumber: 'SH-FAY', lastName: 'Fay' });
  await suite.db.updateTable('users').set({ site_id: singapore }).where('id', '=', fay.id).execute();
  await makeHoliday(suite.db, '2026-07-06', 'Warehouse day', singapore);
  await makeHoliday(suite.db, '2026-07-07', 'Everyone off');
});

const absences = async (department: number) => {
  const res = await suite.http.get(
    `/api/attendance?department=${department}&startDate=2026-07-06&endDate=2026-07-07&status=absent&pageSize=100`,
    suite.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { attendance: { user_id: number; date: string }[]; total: number };
  // The page's counts (department figures corrected for people of another site) match its rows.
  expect(body.total).toBe(body.attendance.length);
  return body.attendance.map((r) => `${r.user_id} ${r.date}`).sort();
};

describe('a holiday of one site', () => {
  it("starts a new department at its site with the site's work week", async () => {
    const schedule = await suite.db
      .selectFrom('work_schedules')
      .select('workdays')
      .where('department_id', '=', warehouse)
      .executeTakeFirstOrThrow();
    expect(schedule.workdays).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("is off for that site's people, their own site's too, and a workday elsewhere", async () => {
    expect(await absences(warehouse)).toEqual([]);
    // Hal is absent on the warehouse's holiday; Fay keeps her own site's; nobody on Tuesday.
    expect(await absences(hal.departmentId)).toEqual([`${hal.id} 2026-07-06`]);

    const days = { from: '2026-07-01', to: '2026-07-10' };
    expect([...(await findUserSchedule(suite.db, wen.id, days))!.holidays].sort()).toEqual([
      '2026-07-06',
      '2026-07-07',
    ]);
    expect([...(await findUserSchedule(suite.db, fay.id, days))!.holidays].sort()).toEqual([
      '2026-07-06',
      '2026-07-07',
    ]);
    expect([...(await findUserSchedule(suite.db, hal.id, days))!.holidays]).toEqual(['2026-07-07']);
  });

  it('is what the export and the attendance report count', async () => {
    const res = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: '2026-07-06',
      endDate: '2026-07-06',
      format: 'csv',
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = new Map(
      res.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(','))
        .map((cells) => [cells[3], cells[9]]),
    );
    expect([status.get('Wen'), status.get('Fay'), status.get('Hal')]).toEqual([
      'Holiday',
      'Holiday',
      'Absent',
    ]);

    const report = await suite.http.get(
      '/api/reports/attendance?startDate=2026-07-06&endDate=2026-07-07',
      suite.admin,
    );
    expect(report.statusCode, report.body).toBe(200);
    const absent = (who: TestUser) =>
      report
        .json()
        .report.rows.find((r: { employee: string }) => r.employee === `${who.firstName} ${who.lastName}`)
        ?.absent;
    expect([absent(wen), absent(fay), absent(hal)]).toEqual([0, 0, 1]);
  });

  it('is what the day overview counts, as the list does', async () => {
    const day = '2026-07-06';
    const overview = await suite.http.get(`/api/attendance/overview?date=${day}`, suite.admin);
    expect(overview.statusCode, overview.body).toBe(200);
    const list = await suite.http.get(
      `/api/attendance?startDate=${day}&endDate=${day}&status=absent&pageSize=100`,
      suite.admin,
    );
    const absent = list.json().attendance.map((r: { user_id: number }) => r.user_id);
    expect(absent).toContain(hal.id);
    expect(absent).not.toContain(fay.id);
    expect(overview.json().overview.absent).toBe(list.json().total);
  });

  it("charges leave by the applicant's site", async () => {
    const annual = await leaveTypeId(suite.db, 'Annual Leave');
    const count = async (who: TestUser, endDate: string) => {
      const res = await suite.http.get(
        `/api/leave/day-count?leaveTypeId=${annual}&startDate=2026-07-06&endDate=${endDate}`,
        await suite.signIn(who),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().days;
    };
    // Monday to Saturday at the warehouse, less both holidays; Monday to Friday at head office,
    // less Tuesday's.
    expect(await count(wen, '2026-07-11')).toBe(4);
    expect(await count(fay, '2026-07-10')).toBe(3);
    expect(await count(hal, '2026-07-10')).toBe(4);
  });

  it("counts a holiday worked only on the worker's site's holidays (payroll)", async () => {
    await record(wen, '2026-07-06', '01:00', '09:00');
    await record(hal, '2026-07-06', '08:00', '16:00');
    const res = await suite.http.get(
      '/api/reports/payroll?startDate=2026-07-01&endDate=2026-07-31',
      suite.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const worked = (number: string) =>
      res.json().report.rows.find((r: { employeeNumber: string }) => r.employeeNumber === number)
        ?.holidaysWorked;
    expect([worked('SH-WEN'), worked('SH-HAL')]).toEqual([1, 0]);
  });
});
