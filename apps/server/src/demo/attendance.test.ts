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

  it("places past check-ins at each schedule's start on the person's site's clock, not in UTC", async () => {
    const rows = await database.db
      .selectFrom('attendance_records as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .innerJoin('sites as s', 's.id', 'd.site_id')
      .select(['r.user_id', 'r.date', 'r.check_in_time', 's.time_zone'])
      .where('r.date', '<', '2026-07-08')
      .execute();
    expect(new Set(rows.map((r) => r.time_zone))).toEqual(new Set(['Europe/London']));
    const schedules = await findUserSchedules(database.db, [...new Set(rows.map((r) => r.user_id))], {
      from: '2026-05-10',
      to: '2026-07-07',
    });
    // London is on BST (UTC+1) here: a start read in UTC would be an hour late for everyone.
    for (const r of rows) {
      const start = zonedInstant(
        r.date,
        versionOn(schedules.get(r.user_id)!, r.date).start_time,
        r.time_zone,
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
    const overview = await dayOverview(
      database.db,
      '2026-07-11',
      { date: '2026-07-11', dayStart: new Date('2026-07-10T23:00:00Z') },
      'organisation',
    );
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

describe("a person of the second site's", () => {
  let ahead: TestDatabase;
  beforeAll(async () => {
    ahead = await createTestDatabase();
    await writeTimeZone(ahead.db, 'Europe/London', new Date());
  });
  afterAll(() => ahead.drop());

  it("attendance is dated in Singapore's day, already tomorrow there", async () => {
    // Wednesday 23:30 in London is Thursday 06:30 in Singapore.
    const late = new Date('2026-07-08T22:30:00Z');
    await seedDemo(ahead.db);
    // The demo's warehouse has nobody: an administrator gives Facilities' people that site.
    await ahead.db
      .updateTable('users')
      .set({ site_id: (eb) => eb.selectFrom('sites').select('id').where('name', '=', 'Singapore Warehouse') })
      .where('department_id', '=', (eb) =>
        eb.selectFrom('departments').select('id').where('name', '=', 'Facilities'),
      )
      .execute();
    await seedDemoAttendance(ahead.db, new OrgClock(ahead.db, () => late));
    const last = await ahead.db
      .selectFrom('attendance_records as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['d.name', (eb) => eb.fn.max('r.date').as('last'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.date', '>=', '2026-07-08')
      .groupBy('d.name')
      .execute();
    const lastOf = Object.fromEntries(last.map((r) => [r.name, String(r.last)]));
    expect(lastOf.Facilities).toBe('2026-07-09');
    expect(lastOf.Warehouse).toBe('2026-07-08');
    // Nobody is in before it happened, in either zone.
    const future = await ahead.db
      .selectFrom('attendance_records')
      .select('id')
      .where('check_in_time', '>', late)
      .execute();
    expect(future).toHaveLength(0);
  });
});
