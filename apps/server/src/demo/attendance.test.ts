import { localDate, zonedInstant } from '@atrium/contract/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { OrgClock } from '../core/clock';
import { writeTimeZone } from '../core/settings.repository';
import { versionOn } from '../modules/attendance/attendance.rules';
import { dayOverview } from '../modules/attendance/day-overview';
import { findUserSchedules } from '../modules/attendance/schedules.repository';
import { seedDemoAttendance } from './attendance';
import { seedDemo } from './index';

let database: TestDatabase;
const first = new Date('2026-07-08T13:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
});
afterAll(() => database.drop());

/** The organisation's clock stopped at one instant. */
const at = (instant: Date) => new OrgClock(database.db, () => instant);

async function presentBy(date: string) {
  const rows = await database.db
    .selectFrom('attendance_records as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['d.name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.date', '=', date)
    .groupBy('d.name')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

describe('demo attendance', () => {
  it('does nothing before the organisation is seeded', async () => {
    expect(await seedDemoAttendance(database.db, at(first))).toBe(0);
  });

  it('seeds 60 days with 47 of 52 present today and the demo User not checked in', async () => {
    await seedDemo(database.db);
    expect(await seedDemoAttendance(database.db, at(first))).toBeGreaterThan(1500);
    expect(await presentBy('2026-07-08')).toEqual({
      Warehouse: 18,
      'Head Office': 15,
      Showrooms: 8,
      Facilities: 4,
      Security: 2,
    });
    const user = await database.db
      .selectFrom('attendance_records as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.date')
      .where('u.email', '=', 'user@atrium.local')
      .orderBy('r.date', 'desc')
      .execute();
    expect(user.length).toBeGreaterThan(30);
    expect(user[0]!.date).not.toBe('2026-07-08');
    const range = await database.db
      .selectFrom('attendance_records')
      .select((eb) => [eb.fn.min('date').as('first'), eb.fn.max('date').as('last')])
      .executeTakeFirstOrThrow();
    expect(range).toEqual({ first: '2026-05-10', last: '2026-07-08' });
    // Nobody is in before it happened, and history has late arrivals, absences and forgotten check-outs.
    const future = await database.db
      .selectFrom('attendance_records')
      .select('id')
      .where('check_in_time', '>', first)
      .execute();
    expect(future).toHaveLength(0);
    const late = await database.db
      .selectFrom('attendance_records')
      .select('id')
      .where('late', '=', true)
      .execute();
    expect(late.length).toBeGreaterThan(50);
    const open = await database.db
      .selectFrom('attendance_records')
      .select('id')
      .where('check_out_time', 'is', null)
      .where('date', '<', '2026-07-08')
      .execute();
    expect(open.length).toBeGreaterThan(5);
  });

  it("places past check-ins at each schedule's start on the organisation's clock, not in UTC", async () => {
    const rows = await database.db
      .selectFrom('attendance_records')
      .select(['user_id', 'date', 'check_in_time'])
      .where('date', '<', '2026-07-08')
      .execute();
    const schedules = await findUserSchedules(database.db, [...new Set(rows.map((r) => r.user_id))], {
      from: '2026-05-10',
      to: '2026-07-07',
    });
    // London is on BST (UTC+1) here: a start read in UTC would be an hour late for everyone.
    for (const r of rows) {
      const start = zonedInstant(
        r.date,
        versionOn(schedules.get(r.user_id)!, r.date).start_time,
        'Europe/London',
      );
      const minutesFromStart = (r.check_in_time.getTime() - start.getTime()) / 60_000;
      expect(minutesFromStart).toBeGreaterThanOrEqual(-25);
      expect(minutesFromStart).toBeLessThanOrEqual(51);
    }
    expect(rows.length).toBeGreaterThan(1500);
  });

  it('is idempotent on the same day and fills the missing days on a later start', async () => {
    expect(await seedDemoAttendance(database.db, at(new Date('2026-07-08T15:00:00Z')))).toBe(0);
    const later = new Date('2026-07-11T07:30:00Z'); // Saturday 08:30 in London
    expect(await seedDemoAttendance(database.db, at(later))).toBeGreaterThan(0);
    expect(localDate(later, 'Europe/London')).toBe('2026-07-11');
    // A Saturday: only the departments whose schedule includes it are in, so the overview's
    // figures agree with each department's "not a workday".
    expect(await presentBy('2026-07-11')).toEqual({ Showrooms: 8, Security: 2 });
    const overview = await dayOverview(database.db, '2026-07-11', {
      date: '2026-07-11',
      dayStart: new Date('2026-07-10T23:00:00Z'),
    });
    expect(overview.present).toBe(10);
    for (const d of overview.departments) expect(d.present > 0).toBe(d.scheduled);
    expect(Object.keys(await presentBy('2026-07-09'))).toContain('Warehouse');
    const early = await database.db
      .selectFrom('attendance_records')
      .select(['check_in_time', 'check_out_time'])
      .where('date', '=', '2026-07-11')
      .execute();
    expect(early.every((r) => r.check_in_time <= later && r.check_out_time === null)).toBe(true);
  });
});
