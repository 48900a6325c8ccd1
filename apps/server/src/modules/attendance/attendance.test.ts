import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeAttendance, makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import type { DomainEvent } from '../../core/events/bus';

// Europe/London: BST (UTC+1) in summer; clocks go forward 2026-03-29 and back 2026-10-25.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-06T08:00:00Z' }); // Monday 09:00 BST
const at = (iso: string) => suite.clock.set(iso);

const staffMember = async (department?: string) => {
  const session = await suite.signedIn({ department });
  return { user: session.user, session };
};

const recordsOf = (userId: number) =>
  suite.db.selectFrom('attendance_records').selectAll().where('user_id', '=', userId).execute();

describe('check-in and check-out', () => {
  it('checks in once, then refuses a second check-in with 409', async () => {
    at('2026-07-06T08:05:00Z');
    const { user, session } = await staffMember();
    const first = await suite.http.post('/api/attendance/check-in', session);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toMatchObject({
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:05:00.000Z',
      check_out_time: null,
      canCheckIn: false,
      canCheckOut: true,
      late: false,
    });
    const second = await suite.http.post('/api/attendance/check-in', session);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'conflict', message: 'Already checked in today' });
    const rows = await recordsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'web', created_by: user.id });
  });

  it('refuses a check-out without a check-in, and a second check-out', async () => {
    at('2026-07-06T08:00:00Z');
    const { session } = await staffMember();
    const early = await suite.http.post('/api/attendance/check-out', session);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You have not checked in today');

    expect((await suite.http.post('/api/attendance/check-in', session)).statusCode).toBe(200);
    at('2026-07-06T16:30:00Z');
    const out = await suite.http.post('/api/attendance/check-out', session);
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toMatchObject({
      check_out_time: '2026-07-06T16:30:00.000Z',
      hours_worked: 8.5,
      canCheckIn: false,
      canCheckOut: false,
    });
    const again = await suite.http.post('/api/attendance/check-out', session);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Already checked out today');
  });

  it('creates exactly one record from twenty concurrent check-ins', async () => {
    at('2026-07-06T08:01:00Z');
    const { user, session } = await staffMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => suite.http.post('/api/attendance/check-in', session)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await recordsOf(user.id)).toHaveLength(1);
  });

  it('records a crowd checking in at once each with their own time, lateness, event and month', async () => {
    at('2026-07-06T08:11:00Z'); // 09:11 BST: one minute past the grace
    const crowd = await Promise.all(Array.from({ length: 12 }, () => staffMember()));
    const events: DomainEvent[] = [];
    const stop = suite.bus.subscribe((e) => events.push(e));
    const answers = await Promise.all(
      crowd.map((c) => suite.http.post('/api/attendance/check-in', c.session)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    for (const answer of answers)
      expect(answer.json().status).toMatchObject({ check_in_time: '2026-07-06T08:11:00.000Z', late: true });
    const ids = crowd.map((c) => c.user.id);
    await expect
      .poll(() => events.filter((e) => e.kind === 'live' && e.type === 'attendance_update').length, {
        timeout: 3000,
      })
      .toBe(crowd.length);
    stop();
    expect(
      events
        .flatMap((e) => (e.kind === 'live' && e.type === 'attendance_update' ? [e.audience.userIds] : []))
        .sort(),
    ).toEqual(ids.map((id) => [id]).sort());
    // The rollup the reports read (migration 013): day 6 present and late for each of them.
    const months = await sql<{ present_days: number; late_days: number }>`
      SELECT present_days, late_days FROM attendance_months
      WHERE month = '2026-07-01' AND user_id = ANY(${ids}::int[])`.execute(suite.db);
    expect(months.rows).toEqual(crowd.map(() => ({ present_days: 1 << 5, late_days: 1 << 5 })));
  });

  it('reports my status, with hours so far while checked in', async () => {
    at('2026-07-06T08:00:00Z');
    const { session } = await staffMember();
    const before = await suite.http.get('/api/attendance/my-status', session);
    expect(before.json().status).toEqual({
      date: '2026-07-06',
      check_in_time: null,
      check_out_time: null,
      hours_worked: null,
      late: false,
      canCheckIn: true,
      canCheckOut: false,
      time_zone: 'Europe/London',
    });
    await suite.http.post('/api/attendance/check-in', session);
    at('2026-07-06T10:15:00Z');
    const during = await suite.http.get('/api/attendance/my-status', session);
    expect(during.json().status).toMatchObject({ hours_worked: 2.25, canCheckIn: false, canCheckOut: true });
  });

  it('answers a crowd reading their status at once each with their own day', async () => {
    const crowd = await Promise.all(Array.from({ length: 30 }, () => staffMember()));
    // Every other person checks in, each at a minute of their own.
    for (const [i, person] of crowd.entries()) {
      if (i % 2) continue;
      at(`2026-07-06T07:${String(i).padStart(2, '0')}:00Z`);
      expect((await suite.http.post('/api/attendance/check-in', person.session)).statusCode).toBe(200);
    }
    at('2026-07-06T09:00:00Z');
    // Reads that arrive together share statements (attendance.service.ts): none may get another's.
    const answers = await Promise.all(
      crowd.map((c) => suite.http.get('/api/attendance/my-status', c.session)),
    );
    expect(answers.map((a) => a.json().status.check_in_time)).toEqual(
      crowd.map((_, i) => (i % 2 ? null : `2026-07-06T07:${String(i).padStart(2, '0')}:00.000Z`)),
    );
  });

  it('publishes attendance_update to the person, their managers and admins after each change', async () => {
    at('2026-07-06T08:00:00Z');
    const { user, session } = await staffMember();
    const events: DomainEvent[] = [];
    const stop = suite.bus.subscribe((e) => events.push(e));
    await suite.http.post('/api/attendance/check-in', session);
    at('2026-07-06T16:40:00Z');
    await suite.http.post('/api/attendance/check-out', session);
    await expect.poll(() => events.length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    stop();
    const mine = events.filter((e) => e.kind === 'live' && e.type === 'attendance_update');
    expect(mine).toEqual([
      {
        kind: 'live',
        type: 'attendance_update',
        data: { userId: user.id, date: '2026-07-06', action: 'check_in' },
        audience: { userIds: [user.id], admins: true, team: true },
      },
      {
        kind: 'live',
        type: 'attendance_update',
        data: { userId: user.id, date: '2026-07-06', action: 'check_out' },
        audience: { userIds: [user.id], admins: true, team: true },
      },
    ]);
  });
});

describe('the attendance date is the organisation local date', () => {
  it('puts a check-in just after local midnight on the new day', async () => {
    at('2026-07-06T23:05:00Z'); // 00:05 BST on Tuesday 7 July
    const { user, session } = await staffMember();
    const res = await suite.http.post('/api/attendance/check-in', session);
    expect(res.json().status.date).toBe('2026-07-07');
    expect((await recordsOf(user.id))[0]!.date).toBe('2026-07-07');
  });

  it('keeps a check-in just before local midnight on the old day', async () => {
    at('2026-07-06T22:59:00Z'); // 23:59 BST on Monday
    const { user, session } = await staffMember();
    await suite.http.post('/api/attendance/check-in', session);
    expect((await recordsOf(user.id))[0]!.date).toBe('2026-07-06');
  });

  it('follows the spring-forward day: local midnight is still GMT, 09:00 is BST', async () => {
    at('2026-03-29T00:10:00Z'); // 00:10 GMT Sunday, the day clocks go forward
    const night = await staffMember('Security'); // Security works weekends
    await suite.http.post('/api/attendance/check-in', night.session);
    expect((await recordsOf(night.user.id))[0]!.date).toBe('2026-03-29');

    at('2026-03-29T08:10:00Z'); // 09:10 BST: within grace
    const onTime = await staffMember('Security');
    expect((await suite.http.post('/api/attendance/check-in', onTime.session)).json().status.late).toBe(
      false,
    );
    at('2026-03-29T08:11:00Z'); // 09:11 BST: late (in GMT it would be 08:11, not late)
    const late = await staffMember('Security');
    expect((await suite.http.post('/api/attendance/check-in', late.session)).json().status.late).toBe(true);
  });

  it('follows the fall-back day: 09:11 GMT is late, 09:05 is not', async () => {
    at('2026-10-25T09:05:00Z');
    const a = await staffMember('Security');
    expect((await suite.http.post('/api/attendance/check-in', a.session)).json().status).toMatchObject({
      date: '2026-10-25',
      late: false,
    });
    at('2026-10-25T09:11:00Z');
    const b = await staffMember('Security');
    expect((await suite.http.post('/api/attendance/check-in', b.session)).json().status.late).toBe(true);
  });
});

describe('shifts, lateness and early exits', () => {
  it('is on time up to start + 10 minutes of grace and late after', async () => {
    at('2026-07-06T08:10:00Z'); // 09:10 BST
    const onTime = await staffMember();
    expect((await suite.http.post('/api/attendance/check-in', onTime.session)).json().status.late).toBe(
      false,
    );
    at('2026-07-06T08:10:01Z');
    const late = await staffMember();
    expect((await suite.http.post('/api/attendance/check-in', late.session)).json().status.late).toBe(true);
    expect((await recordsOf(late.user.id))[0]!.late).toBe(true);
  });

  it('flags a check-out before end - grace as an early exit', async () => {
    at('2026-07-06T08:00:00Z');
    const early = await staffMember();
    const normal = await staffMember();
    await suite.http.post('/api/attendance/check-in', early.session);
    await suite.http.post('/api/attendance/check-in', normal.session);
    at('2026-07-06T16:19:59Z'); // 17:19:59 BST, end is 17:30
    await suite.http.post('/api/attendance/check-out', early.session);
    at('2026-07-06T16:20:00Z');
    await suite.http.post('/api/attendance/check-out', normal.session);
    expect((await recordsOf(early.user.id))[0]!.early_exit).toBe(true);
    expect((await recordsOf(normal.user.id))[0]!.early_exit).toBe(false);
  });

  it('never calls work on a day off late', async () => {
    at('2026-07-04T12:00:00Z'); // Saturday: Mon-Fri departments are off
    const { session } = await staffMember('Weekday Team');
    const res = await suite.http.post('/api/attendance/check-in', session);
    expect(res.statusCode).toBe(200);
    expect(res.json().status.late).toBe(false);
  });

  it('gives Security and Showrooms a seven-day schedule and others Monday to Friday', async () => {
    await makeUser(suite.db, { department: 'Showrooms' });
    const schedules = await suite.db
      .selectFrom('work_schedules as ws')
      .innerJoin('departments as d', 'd.id', 'ws.department_id')
      .select(['d.name', 'ws.workdays', 'ws.start_time', 'ws.end_time', 'ws.grace_minutes'])
      .where('d.name', 'in', ['Security', 'Showrooms', 'Weekday Team'])
      .orderBy('d.name')
      .execute();
    expect(schedules).toEqual([
      {
        name: 'Security',
        workdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: '09:00:00',
        end_time: '17:30:00',
        grace_minutes: 10,
      },
      {
        name: 'Showrooms',
        workdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: '09:00:00',
        end_time: '17:30:00',
        grace_minutes: 10,
      },
      {
        name: 'Weekday Team',
        workdays: [1, 2, 3, 4, 5],
        start_time: '09:00:00',
        end_time: '17:30:00',
        grace_minutes: 10,
      },
    ]);
  });

  it('keeps one record per person per date in the database itself', async () => {
    const { user } = await staffMember();
    const row = {
      user_id: user.id,
      date: '2026-06-01',
      check_in_time: new Date('2026-06-01T08:00:00Z'),
      source: 'web' as const,
      created_by: user.id,
      updated_by: user.id,
    };
    await suite.db.insertInto('attendance_records').values(row).execute();
    await expect(suite.db.insertInto('attendance_records').values(row).execute()).rejects.toThrow(
      /attendance_one_per_day/,
    );
  });
});

describe('statistics for the signed-in person', () => {
  it('counts scheduled workdays of the month, present days, hours and the streak', async () => {
    const { user, session } = await staffMember('Stats Team');
    const day = (date: string, inUtc: string, outUtc: string | null) =>
      makeAttendance(suite.db, {
        user,
        date,
        checkIn: inUtc,
        checkOut: outUtc,
        late: inUtc === '08:30', // 09:30 BST
      });
    // June 2026: Mon 1 .. Tue 30. Present 1, 2, 3 (8h each), absent 4, present 5 (partial), Sat 6 extra.
    await day('2026-06-01', '08:00', '16:00');
    await day('2026-06-02', '08:30', '16:30');
    await day('2026-06-03', '08:00', '16:00');
    await day('2026-06-05', '08:00', null);
    await day('2026-06-06', '09:00', '13:00');
    at('2026-06-08T07:00:00Z'); // Monday 08:00 BST, before check-in
    const res = await suite.http.get('/api/attendance/stats?month=2026-06', session);
    expect(res.statusCode).toBe(200);
    // Scheduled days so far: 1-5 June (today, the 8th, has no check-in yet so it is not counted).
    expect(res.json().stats).toEqual({
      month: '2026-06',
      attendance_rate: 80,
      average_hours_per_day: 7,
      total_days: 5,
      present_days: 4,
      total_hours: 28,
      late_days: 1,
      streak: 1,
    });
    const bad = await suite.http.get('/api/attendance/stats?month=2026-13', session);
    expect(bad.statusCode).toBe(400);
  });

  it('answers a null rate, not an invented one, when no workday has passed', async () => {
    at('2026-07-06T08:00:00Z');
    const { session } = await staffMember();
    const res = await suite.http.get('/api/attendance/stats?month=2026-08', session);
    expect(res.json().stats).toMatchObject({
      attendance_rate: null,
      average_hours_per_day: null,
      total_days: 0,
    });
  });
});
