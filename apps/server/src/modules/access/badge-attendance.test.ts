import { describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  badgeOf,
  cardEvent,
  push,
  seedDoors,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeAttendance, makeUser, type TestUser } from '../../../test/factories';
import { login } from '../../../test/fixtures';
import { writeTimeZone } from '../../core/settings.repository';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';
import { applyBadges } from './badge-attendance';

// Europe/London in November is UTC+0: local times read the same as the instants below.
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;

useAccessSuite(
  'B',
  (s) => {
    ({ database, t } = s);
    ({ main, server } = s.doors);
  },
  (db) => writeTimeZone(db, 'Europe/London', new Date()),
);

/** A person badging at a door: reader 1 is the way in, reader 2 the way out. */
async function badge(person: TestUser, door: TestDoor, iso: string, way: 'in' | 'out', serialNo?: number) {
  const { badge_number } = await badgeOf(database.db, person.id);
  const e = cardEvent(door.code, new Date(iso), {
    cardNo: badge_number,
    readerNo: way === 'in' ? 1 : 2,
    ...(serialNo ? { serialNo } : {}),
  });
  const res = await push(t.url, door.secret, jsonEvent(e), 'application/json');
  expect(res.status).toBe(200);
  return e;
}

const day = (userId: number, date: string) =>
  database.db
    .selectFrom('attendance_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .executeTakeFirst();
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

describe('attendance from badges', () => {
  it('counts a door made to count for attendance from its next passage, though its device was looked up before', async () => {
    const doors = await seedDoors(database.db, 'C');
    const door = doors.server;
    const p = await makeUser(database.db);
    // The device is looked up (and remembered) while its door does not count.
    await badge(p, door, '2026-11-16T07:00:00Z', 'in');
    expect(await day(p.id, '2026-11-16')).toBeUndefined();
    await database.db
      .updateTable('access_points')
      .set({ counts_for_attendance: true })
      .where('id', '=', door.accessPointId)
      .execute();
    await badge(p, door, '2026-11-16T08:40:00Z', 'in');
    const record = await day(p.id, '2026-11-16');
    expect(record).toMatchObject({ source: 'badge', late: false });
    expect(iso(record?.check_in_time)).toBe('2026-11-16T08:40:00.000Z');
  });

  it('makes the first entry of the day the check-in, with source badge and lateness judged', async () => {
    const p = await makeUser(database.db);
    await badge(p, main, '2026-11-17T09:30:00Z', 'in');
    const record = await day(p.id, '2026-11-17');
    expect(record).toMatchObject({ source: 'badge', late: true, check_out_time: null });
    expect(iso(record?.check_in_time)).toBe('2026-11-17T09:30:00.000Z');

    // An earlier entry arriving later (out of order) moves the check-in back.
    await badge(p, main, '2026-11-17T08:50:00Z', 'in');
    const moved = await day(p.id, '2026-11-17');
    expect(iso(moved?.check_in_time)).toBe('2026-11-17T08:50:00.000Z');
    expect(moved?.late).toBe(false);
  });

  it('sets the check-out on an exit after the last entry, and clears it on re-entry', async () => {
    const p = await makeUser(database.db);
    await badge(p, main, '2026-11-17T08:55:00Z', 'in');
    await badge(p, main, '2026-11-17T12:30:00Z', 'out');
    expect(iso((await day(p.id, '2026-11-17'))?.check_out_time)).toBe('2026-11-17T12:30:00.000Z');
    await badge(p, main, '2026-11-17T13:15:00Z', 'in');
    expect((await day(p.id, '2026-11-17'))?.check_out_time).toBeNull();
    await badge(p, main, '2026-11-17T17:40:00Z', 'out');
    const record = await day(p.id, '2026-11-17');
    expect(iso(record?.check_in_time)).toBe('2026-11-17T08:55:00.000Z');
    expect(iso(record?.check_out_time)).toBe('2026-11-17T17:40:00.000Z');
    expect(record?.early_exit).toBe(false);
  });

  it('ignores an exit older than the last entry (a late replay)', async () => {
    const p = await makeUser(database.db);
    await badge(p, main, '2026-11-17T09:00:00Z', 'in');
    await badge(p, main, '2026-11-17T14:00:00Z', 'in');
    await badge(p, main, '2026-11-17T12:00:00Z', 'out');
    expect((await day(p.id, '2026-11-17'))?.check_out_time).toBeNull();
  });

  it('changes nothing twice when the same door event is sent again', async () => {
    const p = await makeUser(database.db);
    await badge(p, main, '2026-11-17T09:00:00Z', 'in', 91_001);
    const out = await badge(p, main, '2026-11-17T17:45:00Z', 'out', 91_002);
    await badge(p, main, '2026-11-17T18:00:00Z', 'in', 91_003);
    // The exit resent after the re-entry is a duplicate: it must not set the check-out again.
    expect((await push(t.url, main.secret, jsonEvent(out), 'application/json')).json().result).toBe(
      'duplicate',
    );
    expect((await day(p.id, '2026-11-17'))?.check_out_time).toBeNull();
  });

  it('leaves doors that do not count for attendance out', async () => {
    const p = await makeUser(database.db);
    await badge(p, server, '2026-11-17T09:00:00Z', 'in');
    expect(await day(p.id, '2026-11-17')).toBeUndefined();
  });

  it('never overwrites an administrator correction', async () => {
    const p = await makeUser(database.db);
    const admin = await makeUser(database.db, { role: 'admin' });
    await makeAttendance(database.db, {
      user: p,
      date: '2026-11-18',
      checkIn: '10:00',
      checkOut: '16:00',
      source: 'correction',
      by: admin,
    });
    await badge(p, main, '2026-11-18T08:00:00Z', 'in');
    await badge(p, main, '2026-11-18T18:00:00Z', 'out');
    const record = await day(p.id, '2026-11-18');
    expect(record?.source).toBe('correction');
    expect(iso(record?.check_in_time)).toBe('2026-11-18T10:00:00.000Z');
    expect(iso(record?.check_out_time)).toBe('2026-11-18T16:00:00.000Z');
  });

  it('keeps working beside web check-in: a badge exit checks a web check-in out', async () => {
    const p = await makeUser(database.db);
    const session = await login(t.app, p);
    const now = new Date();
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/check-in',
      headers: session.auth,
    });
    expect(checkIn.statusCode).toBe(200);
    const today = checkIn.json().status.date as string;
    await badge(p, main, new Date(now.getTime() + 60_000).toISOString(), 'out');
    expect((await day(p.id, today))?.check_out_time).not.toBeNull();
  });

  it('applies a whole day in one batch as it would one passage at a time', async () => {
    const p = await makeUser(database.db);
    const other = await makeUser(database.db);
    const at = (time: string) => new Date(`2026-11-19T${time}:00Z`);
    const changes = await database.db.transaction().execute((trx) =>
      applyBadges(
        trx,
        [
          { userId: p.id, action: 'entry', at: at('08:55') },
          { userId: other.id, action: 'entry', at: at('09:20') },
          { userId: p.id, action: 'exit', at: at('12:30') },
          { userId: p.id, action: 'entry', at: at('13:15') },
          { userId: p.id, action: 'exit', at: at('17:40') },
        ],
        { timeZone: async () => 'Europe/London' },
      ),
    );
    expect(changes.map((c) => `${c.userId === p.id ? 'p' : 'other'} ${c.action}`)).toEqual([
      'p check_in',
      'other check_in',
      'p check_out',
      'p check_in',
      'p check_out',
    ]);
    const record = await day(p.id, '2026-11-19');
    expect(iso(record?.check_in_time)).toBe('2026-11-19T08:55:00.000Z');
    expect(iso(record?.check_out_time)).toBe('2026-11-19T17:40:00.000Z');
    expect((await day(other.id, '2026-11-19'))?.late).toBe(true);
  });
});
