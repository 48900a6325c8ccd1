import { zonedInstant } from '@atrium/contract/calendar';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  referenceAttendanceByMonth,
  referenceAttendanceByPerson,
} from '../../../test/attendance-report-reference';
import {
  changeUser,
  makeAttendance,
  makeLeaveApplication,
  makeSchedule,
  makeUser,
  type TestUser,
} from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';
import { attendanceByMonth, attendanceByPerson } from './reports.repository';

// Auckland is 13 hours ahead in October (daylight time began on 27 September, 12 hours before),
// so a morning check-in on 1 October local is still 30 September in UTC.
const ZONE = 'Pacific/Auckland';
const suite = useSuite({ timeZone: ZONE, now: '2026-09-20T00:00:00Z' });
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
const WEEKDAYS_21_30 = ['21', '22', '23', '24', '25', '28', '29', '30'].map((d) => `2026-09-${d}`);

let ann: Session;
let ben: Session;
let cat: Session;
let dan: TestUser;
let eve: TestUser;
const ids = new Map<string, number>();

async function write(person: TestUser, date: string, checkIn: string, checkOut?: string, late = false) {
  const { id } = await makeAttendance(suite.db, {
    user: person,
    date,
    checkIn: at(date, checkIn),
    checkOut: checkOut ? at(date, checkOut) : undefined,
    late,
  });
  ids.set(`${person.id} ${date}`, id);
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
}

/** The rollup rebuilt from the raw records, in the rollup's own terms. */
async function recomputed() {
  const r = await sql<Row>`
    SELECT attendance_month_of(date)::text AS month, user_id, bit_or(attendance_day_bit(date)) AS present_days,
           coalesce(bit_or(attendance_day_bit(date)) FILTER (WHERE late), 0) AS late_days,
           coalesce(sum(extract(epoch FROM check_out_time - check_in_time)), 0)::float8 AS worked_seconds
    FROM attendance_records GROUP BY 1, 2 ORDER BY 1, 2`.execute(suite.db);
  return r.rows;
}

type Row = {
  month: string;
  user_id: number;
  present_days: number;
  late_days: number;
  worked_seconds: number;
};
async function rollup() {
  const r = await sql<Row>`
    SELECT month::text, user_id, present_days, late_days, worked_seconds::float8 AS worked_seconds
    FROM attendance_months ORDER BY 1, 2`.execute(suite.db);
  return r.rows;
}

beforeAll(async () => {
  const db = suite.db;
  ann = await suite.signedIn({ department: 'Rollup Weekdays', firstName: 'Ann', lastName: 'Roll' });
  ben = await suite.signedIn({ department: 'Rollup Weekdays', firstName: 'Ben', lastName: 'Roll' });
  cat = await suite.signedIn({ department: 'Rollup Weekdays', firstName: 'Cat', lastName: 'Roll' });
  dan = await makeUser(db, { department: 'Rollup Every Day', firstName: 'Dan', lastName: 'Roll' });
  eve = await makeUser(db, { department: 'Rollup Weekdays', firstName: 'Eve', lastName: 'Roll' });
  await makeSchedule(db, { department: { id: dan.departmentId }, workdays: [1, 2, 3, 4, 5, 6, 7] });

  // History written directly, as the demo and the benchmark generator do: some late, one
  // forgotten check-out, Dan across a weekend (and the daylight-saving change on the 27th).
  for (const [i, date] of WEEKDAYS_21_30.entries()) {
    await write(ann.user, date, '09:00', '17:30', i === 1);
    if (i !== 3) await write(ben.user, date, '08:45', i === 2 ? undefined : '17:00');
    if (date !== '2026-09-30') await write(cat.user, date, '09:20', '18:00', true);
    await write(eve, date, '10:00', '15:00', i % 2 === 0);
  }
  for (const date of ['2026-09-26', '2026-09-27']) await write(dan, date, '07:00', '19:00');
  // Early September, so partial-month ranges have records on both sides of their edges.
  for (const date of ['01', '02', '03', '04', '14', '15', '16', '17', '18'].map((d) => `2026-09-${d}`)) {
    await write(ann.user, date, '08:30', '16:45', date === '2026-09-03');
    await write(dan, date, '07:00', '15:00');
  }
});

// The first test makes the writes the others report on.
describe('attendance rollup', () => {
  it('equals a recomputation from the raw records after every kind of write', async () => {
    // Web check-in and check-out for Cat on 30 September local.
    suite.clock.set(at('2026-09-30', '09:05'));
    await ok(suite.http.post('/api/attendance/check-in', cat));
    suite.clock.set(at('2026-09-30', '17:40'));
    await ok(suite.http.post('/api/attendance/check-out', cat));
    // 09:55 on 1 October local is 20:55 on 30 September UTC: late, and in October's row.
    suite.clock.set(at('2026-10-01', '09:55'));
    expect(suite.clock.now().toISOString()).toBe('2026-09-30T20:55:00.000Z');
    await ok(suite.http.post('/api/attendance/check-in', ann));
    await ok(suite.http.post('/api/attendance/check-in', ben)); // and never checks out
    suite.clock.set(at('2026-10-01', '18:00'));
    await ok(suite.http.post('/api/attendance/check-out', ann));
    expect(await rollup()).toEqual(await recomputed());

    // Admin corrections: Ann's 22nd later (late) and longer; Ben's 23rd loses its check-out.
    await ok(
      suite.http.patch(`/api/attendance/${ids.get(`${ann.user.id} 2026-09-22`)}`, suite.admin, {
        check_in_time: at('2026-09-22', '09:40').toISOString(),
        check_out_time: at('2026-09-22', '19:10').toISOString(),
        reason: 'Reader down',
      }),
    );
    await ok(
      suite.http.patch(`/api/attendance/${ids.get(`${ben.user.id} 2026-09-21`)}`, suite.admin, {
        check_out_time: null,
        reason: 'Left without badging',
      }),
    );
    await ok(
      suite.http.del(`/api/attendance/${ids.get(`${cat.user.id} 2026-09-24`)}`, suite.admin, {
        reason: 'Recorded in error',
      }),
    );
    await ok(
      suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
        userIds: [dan.id],
        date: '2026-10-01',
      }),
    );
    await ok(
      suite.http.post('/api/attendance/bulk-mark-absent', suite.admin, {
        userIds: [eve.id],
        date: '2026-09-25',
      }),
    );
    expect(await rollup()).toEqual(await recomputed());

    // Multi-row statements: lateness flipped over two months, a record moved across the month
    // boundary, several deleted at once.
    await sql`UPDATE attendance_records SET late = NOT late WHERE user_id = ${cat.user.id}`.execute(suite.db);
    await sql`UPDATE attendance_records SET date = '2026-10-02' WHERE id = ${ids.get(`${ann.user.id} 2026-09-29`)}`.execute(
      suite.db,
    );
    await sql`DELETE FROM attendance_records WHERE user_id = ${eve.id} AND date >= '2026-09-28'`.execute(
      suite.db,
    );

    // Leave over the month boundary, and on the day whose record was deleted; Eve leaves.
    await makeLeaveApplication(suite.db, {
      user: ann.user,
      start: '2026-09-28',
      end: '2026-10-02',
      status: 'approved',
    });
    await makeLeaveApplication(suite.db, {
      user: cat.user,
      start: '2026-09-24',
      end: '2026-09-24',
      status: 'approved',
    });
    await changeUser(suite.db, eve, { active: false });

    // Today (Tuesday 6 October local) Ann is in: present, but not yet judged.
    suite.clock.set(at('2026-10-06', '08:50'));
    await ok(suite.http.post('/api/attendance/check-in', ann));

    const expected = await recomputed();
    // September for all five, October for Ann, Ben and Dan.
    expect(expected).toHaveLength(8);
    expect(await rollup()).toEqual(expected);
  });

  const ranges = [
    ['2026-09-01', '2026-09-30'],
    ['2026-09-01', '2026-10-31'],
    ['2026-09-15', '2026-10-10'],
    ['2026-09-28', '2026-10-06'],
    ['2026-10-01', '2026-10-06'],
    ['2026-09-26', '2026-09-26'],
    ['2026-09-22', '2026-09-29'],
    ['2026-08-20', '2026-11-03'],
  ] as const;

  it.each(ranges)('reports the same figures as the raw records for %s to %s', async (startDate, endDate) => {
    const range = { startDate, endDate };
    const judgedTo = endDate < '2026-10-05' ? endDate : '2026-10-05';
    const people = await referenceAttendanceByPerson(suite.db, range, judgedTo);
    const months = await referenceAttendanceByMonth(suite.db, range, judgedTo);
    expect(people.map((p) => p.present).reduce((a, b) => a + b)).toBeGreaterThan(0);
    // `today` only chooses between reading a partial month's inside or its outside.
    for (const today of ['2026-10-06', '2026-09-01', '2027-01-01']) {
      expect(await attendanceByPerson(suite.db, range, { judgedTo, today })).toEqual(people);
      expect(await attendanceByMonth(suite.db, range, { judgedTo, today })).toEqual(months);
    }
  });

  it('answers the Attendance Report over the API with the raw records’ figures', async () => {
    const res = await suite.http.get(
      '/api/reports/attendance?startDate=2026-09-15&endDate=2026-10-10',
      suite.admin,
    );
    expect(res.statusCode).toBe(200);
    const people = await referenceAttendanceByPerson(
      suite.db,
      { startDate: '2026-09-15', endDate: '2026-10-10' },
      '2026-10-05',
    );
    expect(res.json().report.rows).toEqual(
      people.map((p) => ({
        employee: p.name,
        department: p.department,
        present: p.present,
        late: p.late,
        absent: p.absent,
        hours: p.hours,
      })),
    );
  });
});
