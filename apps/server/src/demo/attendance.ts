import { addDays, zonedInstant } from '@atrium/contract/calendar';
import { type Insertable, type Kysely, sql } from 'kysely';
import { OrgClock } from '../core/clock';
import type { AttendanceRecordsTable, Database } from '../db/schema';
import { isEarlyExit, isLate, isScheduledOn, versionOn } from '../modules/attendance/attendance.rules';
import { type Dates, findUserSchedules, type Schedule } from '../modules/attendance/schedules.repository';
import { demoAccounts } from './people.data';
import { chance } from './random';

/** Days of history a fresh demo shows. */
export const HISTORY_DAYS = 60;
const SEED_LOCK = 7_150_223;
const MARKER = 'demo_attendance_through';

/**
 * Who is absent today, per department, so on a weekday 47 of 52 are present as the
 * specification shows (Warehouse 18/20, Head Office 15/16, Showrooms 8/9, Facilities 4/4,
 * Security 2/3). Today follows each department's schedule like every other day: on a weekend
 * only the departments that work then are in. The demo User is one of Warehouse's two absent,
 * so a visitor's first act can be checking in.
 */
const ABSENT_TODAY: Record<string, number> = {
  Warehouse: 2,
  'Head Office': 1,
  Showrooms: 1,
  Facilities: 0,
  Security: 1,
};

const minutes = (n: number) => n * 60_000;

interface Person {
  id: number;
  email: string;
  department: string | null;
  schedule: Schedule;
  /** Their site's: its zone, and its today, the last day they are given. */
  timeZone: string;
  today: string;
}

/** A realistic day: most arrive a little early, some late, a few leave early or forget to check out. */
function dayFor(person: Person, date: string, timeZone: string, now: Date, today: boolean) {
  const version = versionOn(person.schedule, date);
  const start = zonedInstant(date, version.start_time, timeZone);
  const end = zonedInstant(date, version.end_time, timeZone);
  const late = chance(person.id, date, 'late') < 0.12;
  let checkIn = new Date(
    start.getTime() +
      (late
        ? minutes(11 + chance(person.id, date, 'lm') * 40)
        : minutes(-25 + chance(person.id, date, 'in') * 33)),
  );
  const early = chance(person.id, date, 'early') < 0.06;
  let checkOut: Date | null = new Date(
    end.getTime() +
      (early
        ? -minutes(30 + chance(person.id, date, 'em') * 90)
        : minutes(-5 + chance(person.id, date, 'out') * 65)),
  );
  if (today) {
    // Today's people are in already, whatever the hour the demo starts at.
    const midnight = zonedInstant(date, '00:00', timeZone);
    const latest = now.getTime() - minutes(2 + chance(person.id, date, 'now') * 30);
    checkIn = new Date(Math.max(midnight.getTime(), Math.min(checkIn.getTime(), latest)));
    if (checkOut.getTime() > now.getTime()) checkOut = null;
  } else if (chance(person.id, date, 'forgot') < 0.03) {
    checkOut = null;
  }
  return { checkIn, checkOut };
}

async function demoPeople(db: Kysely<Database>, clock: OrgClock, dates: Dates): Promise<Person[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.email',
      'd.name',
      sql<number>`coalesce(u.site_id, d.site_id, first_site())`.as('site_id'),
    ])
    .where('u.active', '=', true)
    .orderBy('u.id')
    .execute();
  const schedules = await findUserSchedules(
    db,
    rows.map((r) => r.id),
    dates,
  );
  const sites = new Map<number, { timeZone: string; date: string }>();
  for (const siteId of new Set(rows.map((r) => r.site_id))) sites.set(siteId, await clock.today(siteId));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    department: r.name,
    schedule: schedules.get(r.id)!,
    timeZone: sites.get(r.site_id)!.timeZone,
    today: sites.get(r.site_id)!.date,
  }));
}

function absentToday(people: Person[]): Set<number> {
  const absent = new Set<number>();
  const user = people.find((p) => p.email === demoAccounts.user.email);
  if (user) absent.add(user.id);
  for (const [department, count] of Object.entries(ABSENT_TODAY)) {
    const members = people.filter((p) => p.department === department);
    const candidates = members
      .filter((p) => p.email !== demoAccounts.admin.email && !absent.has(p.id))
      .reverse();
    let missing = count - members.filter((p) => absent.has(p.id)).length;
    for (const p of candidates) {
      if (missing-- <= 0) break;
      absent.add(p.id);
    }
  }
  return absent;
}

/**
 * Fills the demo's attendance from the last day it covers (or 60 days back) up to today, each
 * person's days dated and timed on their site's clock (a site ahead of the organisation's may
 * be on tomorrow already).
 * Runs at every start of a demo server, so history always reaches today; days already
 * covered are left alone, and existing records are never overwritten.
 */
export async function seedDemoAttendance(db: Kysely<Database>, clock = new OrgClock(db)): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const seeded = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    if (!seeded) return 0;
    const { now, date: today } = await clock.today();
    const marker = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', MARKER)
      .executeTakeFirst();
    const earliest = addDays(today, -(HISTORY_DAYS - 1));
    const through = typeof marker?.value === 'string' ? marker.value : undefined;
    const from = through && through >= earliest ? addDays(through, 1) : earliest;
    if (from > today) return 0;

    // Schedules reach the latest site's today (one day past the organisation's at most).
    const people = await demoPeople(trx, clock, { from, to: addDays(today, 1) });
    const absent = absentToday(people);
    const values: Insertable<AttendanceRecordsTable>[] = [];
    for (const person of people) {
      const timeZone = person.timeZone;
      for (let date = from; date <= person.today; date = addDays(date, 1)) {
        const isToday = date === person.today;
        if (!isScheduledOn(person.schedule, date)) continue;
        if (isToday ? absent.has(person.id) : chance(person.id, date, 'absent') < 0.07) continue;
        const { checkIn, checkOut } = dayFor(person, date, timeZone, now, isToday);
        values.push({
          user_id: person.id,
          date,
          check_in_time: checkIn,
          check_out_time: checkOut,
          late: isLate(person.schedule, date, checkIn, timeZone),
          early_exit: isEarlyExit(person.schedule, date, checkOut, timeZone),
          source: 'web',
          created_by: person.id,
          updated_by: person.id,
        });
      }
    }
    let inserted = 0;
    for (let i = 0; i < values.length; i += 500) {
      const result = await trx
        .insertInto('attendance_records')
        .values(values.slice(i, i + 500))
        .onConflict((oc) => oc.constraint('attendance_one_per_day').doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    await trx
      .insertInto('settings')
      .values({ key: MARKER, value: JSON.stringify(today) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(today) }))
      .execute();
    return inserted;
  });
}
