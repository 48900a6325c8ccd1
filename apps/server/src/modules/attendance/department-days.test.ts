import { zonedInstant } from '@atrium/contract/calendar';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeUser, type TestUser } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';
import { applyBadges } from '../access/badge-attendance';
import { foldDepartmentDays } from './department-days.repository';
import { scheduledDepartments } from './schedules.repository';

// The per-department rollup of 021 against a recount of the raw rows, after every kind of write
// that feeds it, and the overview it serves against the overview computed from the raw rows.
const ZONE = 'Europe/London';
const suite = useSuite({ timeZone: ZONE, now: '2026-07-08T08:30:00Z' }); // Wednesday 09:30 BST
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
// History on Friday 3 to Tuesday 7 July but the Sunday; today is Wednesday 8 July.
const HISTORY = ['2026-07-03', '2026-07-04', '2026-07-06', '2026-07-07'];
const DAYS = ['2026-07-03', '2026-07-04', '2026-07-05', '2026-07-06', '2026-07-07', '2026-07-08'];

type Row = { date: string; dept_key: number; present: number; open: number; late: number };

/** The rollup as readers see it (rollup plus unfolded changes), without rows that fell to zero. */
async function rollup(): Promise<Row[]> {
  const r = await sql<Row>`
    SELECT date::text, dept_key, present, open, late FROM attendance_department_day_totals
    WHERE present <> 0 OR open <> 0 OR late <> 0 ORDER BY 1, 2`.execute(suite.db);
  return r.rows;
}

async function recomputed(): Promise<Row[]> {
  const r = await sql<Row>`
    SELECT r.date::text, coalesce(u.department_id, 0) AS dept_key, count(*)::int AS present,
           (count(*) FILTER (WHERE r.check_out_time IS NULL))::int AS open,
           (count(*) FILTER (WHERE r.late))::int AS late
    FROM attendance_records r JOIN users u ON u.id = r.user_id WHERE u.active
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(suite.db);
  return r.rows;
}

async function headcounts() {
  const kept = await sql<{ dept_key: number; people: number }>`
    SELECT dept_key, people FROM department_headcounts WHERE people <> 0 ORDER BY 1`.execute(suite.db);
  const counted = await sql<{ dept_key: number; people: number }>`
    SELECT coalesce(department_id, 0) AS dept_key, count(*)::int AS people FROM users WHERE active
    GROUP BY 1 ORDER BY 1`.execute(suite.db);
  return { kept: kept.rows, counted: counted.rows };
}

/**
 * The overview's departments computed from the raw rows person by person, as before the rollup
 * existed: people outside their employment span are not counted, approved leave is not absence.
 */
async function referenceOverview(date: string, today: string) {
  const r = await sql<{ id: number; name: string; total: number; present: number; scheduled: boolean }>`
    SELECT dep.id, dep.name, count(u.id) FILTER (WHERE p.employed)::int AS total, count(r.id)::int AS present,
           bool_or(coalesce(u.department_id, 0) = ANY (sd.keys)) AS scheduled,
           count(u.id) FILTER (WHERE r.id IS NULL AND p.employed AND NOT p.on_leave
                                 AND coalesce(u.department_id, 0) = ANY (sd.keys)
                                 AND ${date}::date <= ${today}::date)::int AS absent,
           count(u.id) FILTER (WHERE r.id IS NULL AND p.employed AND p.on_leave
                                 AND coalesce(u.department_id, 0) = ANY (sd.keys))::int AS on_leave,
           count(r.id) FILTER (WHERE r.check_out_time IS NULL)::int AS still_in,
           count(r.id) FILTER (WHERE r.late)::int AS late
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    CROSS JOIN ${scheduledDepartments(date, date)} AS sd
    LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = ${date}::date
    CROSS JOIN LATERAL (
      SELECT ${date}::date BETWEEN coalesce(u.start_date, '-infinity') AND coalesce(u.end_date, 'infinity') AS employed,
             EXISTS (SELECT 1 FROM leave_applications la WHERE la.user_id = u.id AND la.status = 'approved'
                     AND ${date}::date BETWEEN la.start_date AND la.end_date) AS on_leave
    ) AS p
    WHERE u.active
    GROUP BY dep.id, dep.name
    ORDER BY count(u.id) DESC, dep.name`.execute(suite.db);
  const sum = (key: 'total' | 'present' | 'absent' | 'still_in' | 'late' | 'on_leave') =>
    r.rows.reduce((s, row) => s + (row as unknown as Record<string, number>)[key]!, 0);
  return {
    date,
    totalEmployees: sum('total'),
    present: sum('present'),
    stillInBuilding: sum('still_in'),
    absent: sum('absent'),
    onLeave: sum('on_leave'),
    late: sum('late'),
    departments: r.rows
      .filter((row) => row.id !== null && row.total > 0)
      .map(({ id, name, total, present, scheduled }) => ({ id, name, total, present, scheduled })),
    // One site, one zone: the date is the organisation's.
    localDay: 'organisation',
  };
}

async function expectConsistent(label: string) {
  expect(await rollup(), label).toEqual(await recomputed());
  const heads = await headcounts();
  expect(heads.kept, label).toEqual(heads.counted);
  for (const date of DAYS) {
    const res = await suite.http.get(`/api/attendance/overview?date=${date}`, suite.admin);
    expect(res.json().overview, `${label}: overview of ${date}`).toEqual(
      await referenceOverview(date, '2026-07-08'),
    );
  }
}

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
}

let ann: Session;
let ben: Session;
let cat: TestUser;
let dan: TestUser;
let eve: TestUser;
let fay: TestUser;
const ids = new Map<string, number>();
/** One of the person's history records. */
const recordOf = (person: { id: number }) =>
  [...ids.entries()].find(([key]) => key.startsWith(`${person.id} `))![1];

beforeAll(async () => {
  ann = await suite.signedIn({ department: 'Rollup North' });
  ben = await suite.signedIn({ department: 'Rollup North' });
  cat = await makeUser(suite.db, { department: 'Rollup South' });
  dan = await makeUser(suite.db, { department: 'Rollup South' });
  eve = await makeUser(suite.db, { department: 'Rollup South' });
  fay = await makeUser(suite.db, { department: 'Rollup Night' });
  // History written directly, as the demo and the benchmark generator do.
  for (const person of [ann.user, ben.user, cat, dan, eve, fay]) {
    for (const [i, date] of HISTORY.entries()) {
      if ((person.id + i) % 4 === 0) continue;
      const { id } = await makeAttendance(suite.db, {
        user: person,
        date,
        checkIn: at(date, '08:50'),
        checkOut: i === 2 && person === dan ? null : at(date, '17:10'),
        late: (person.id + i) % 3 === 0,
      });
      ids.set(`${person.id} ${date}`, id);
    }
  }
});

describe('attendance per department per day', () => {
  it('equals a recount after every kind of write, and the overview equals the raw rows’ overview', async () => {
    await expectConsistent('history');

    // Web check-ins and a check-out, late and on time.
    await ok(suite.http.post('/api/attendance/check-in', ann));
    suite.clock.set(at('2026-07-08', '09:45'));
    await ok(suite.http.post('/api/attendance/check-in', ben));
    suite.clock.set(at('2026-07-08', '12:00'));
    await ok(suite.http.post('/api/attendance/check-out', ann));
    await expectConsistent('web');

    // Badges: an entry, then an exit (check-out), then an earlier entry arriving late.
    const badges = (passages: { userId: number; action: 'entry' | 'exit'; at: Date }[]) =>
      suite.db.transaction().execute((trx) => applyBadges(trx, passages, { timeZone: async () => ZONE }));
    await badges([{ userId: cat.id, action: 'entry', at: at('2026-07-08', '09:20') }]);
    await badges([
      { userId: cat.id, action: 'exit', at: at('2026-07-08', '11:00') },
      { userId: dan.id, action: 'entry', at: at('2026-07-08', '08:40') },
    ]);
    await badges([{ userId: cat.id, action: 'entry', at: at('2026-07-08', '08:30') }]);
    await expectConsistent('badges');

    // Administrators: a correction (check-out removed), a deletion, bulk present and absent.
    await ok(
      suite.http.patch(`/api/attendance/${recordOf(eve)}`, suite.admin, {
        check_out_time: null,
        reason: 'Left without badging',
      }),
    );
    await ok(
      suite.http.del(`/api/attendance/${recordOf(fay)}`, suite.admin, { reason: 'Recorded in error' }),
    );
    await ok(
      suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
        userIds: [eve.id, fay.id, dan.id],
        date: '2026-07-07',
      }),
    );
    await ok(
      suite.http.post('/api/attendance/bulk-mark-absent', suite.admin, {
        userIds: [ben.user.id],
        date: '2026-07-06',
      }),
    );
    await expectConsistent('admin');

    // The change log folds into the rollup without changing a figure.
    expect(await foldDepartmentDays(suite.db)).toBeGreaterThan(0);
    expect(await foldDepartmentDays(suite.db)).toBe(0);
    await expectConsistent('folded');

    // People: one moves department, one is disabled and enabled again, one joins, one is deleted.
    await ok(suite.http.patch(`/api/users/${cat.id}`, suite.admin, { departmentId: fay.departmentId }));
    await ok(suite.http.post(`/api/users/${dan.id}/disable`, suite.admin));
    await expectConsistent('moved and disabled');
    await ok(suite.http.post(`/api/users/${dan.id}/enable`, suite.admin));
    await makeUser(suite.db, { department: 'Rollup North' });
    await sql`UPDATE users SET department_id = NULL WHERE id = ${eve.id}`.execute(suite.db);
    await expectConsistent('enabled, joined, no department');
    await sql`DELETE FROM users WHERE id = ${fay.id}`.execute(suite.db);
    await expectConsistent('deleted');

    // Multi-row statements: lateness flipped, a record moved to another day, several deleted.
    await sql`UPDATE attendance_records SET late = NOT late WHERE user_id = ${cat.id}`.execute(suite.db);
    await sql`UPDATE attendance_records SET date = '2026-07-05' WHERE id = ${recordOf(ann.user)}`.execute(
      suite.db,
    );
    await sql`DELETE FROM attendance_records WHERE user_id = ${dan.id} AND date < '2026-07-07'`.execute(
      suite.db,
    );
    await expectConsistent('multi-row');

    // Schedules and holidays feed no rollup, but the overview judges absences by them.
    await ok(
      suite.http.put(`/api/departments/${ann.user.departmentId}/schedule`, suite.admin, {
        workdays: [1, 2],
        startTime: '09:00',
        endTime: '17:30',
        graceMinutes: 10,
      }),
    );
    await ok(suite.http.post('/api/holidays', suite.admin, { date: '2026-07-08', name: 'Rollup Day' }));
    await expectConsistent('schedule and holiday');

    await sql`TRUNCATE attendance_records`.execute(suite.db);
    expect(await rollup()).toEqual([]);
  });
});
