import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDepartment, makeLeaveApplication } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { leaveTypeId, NOW } from '../../../test/leave';
import { type Session, useSuite } from '../../../test/suite';

// The organisation-wide leave rollups of 023 against a recount of the applications, after every
// kind of write that feeds them, and the screens they serve against the raw applications.
// Now is Monday 15 June 2026.
const suite = useSuite({ now: NOW });
let admin: LoggedIn;
let annual: number;
let sick: number;
let people: Session[];

beforeAll(async () => {
  admin = suite.admin;
  annual = await leaveTypeId(suite.db, 'Annual Leave');
  sick = await leaveTypeId(suite.db, 'Sick Leave');
  // The department first: four sign-ins creating it at once raced on its unique name.
  await makeDepartment(suite.db, 'Rollup Leave');
  people = await Promise.all([1, 2, 3, 4].map(() => suite.signedIn({ department: 'Rollup Leave' })));
});

type Day = { date: string; approved: number; pending: number; half_day: number };

async function calendarRollup(): Promise<Day[]> {
  const r = await sql<Day>`
    SELECT date::text, approved, pending, half_day FROM leave_calendar_days
    WHERE approved <> 0 OR pending <> 0 OR half_day <> 0 ORDER BY 1`.execute(suite.db);
  return r.rows;
}

/** Per day, the live applications covering it, counted from the applications themselves. */
async function calendarRecount(): Promise<Day[]> {
  const r = await sql<Day>`
    SELECT d::date::text AS date,
           (count(*) FILTER (WHERE a.status = 'approved'))::int AS approved,
           (count(*) FILTER (WHERE a.status = 'pending'))::int AS pending,
           (count(*) FILTER (WHERE (d::date = a.start_date AND a.start_half = 'afternoon')
                                OR (d::date = a.end_date AND a.end_half = 'morning')))::int AS half_day
    FROM leave_applications a CROSS JOIN generate_series(a.start_date, a.end_date, interval '1 day') AS d
    WHERE a.status IN ('pending', 'approved')
    GROUP BY 1 ORDER BY 1`.execute(suite.db);
  return r.rows;
}

type DepartmentDay = Day & { dept_key: number };

/** The per-department rollup (034) against the same recount by the applicant's current department. */
async function departmentDays() {
  const kept = await sql<DepartmentDay>`
    SELECT dept_key, date::text, approved, pending, half_day FROM leave_department_days
    WHERE approved <> 0 OR pending <> 0 OR half_day <> 0 ORDER BY 1, 2`.execute(suite.db);
  const counted = await sql<DepartmentDay>`
    SELECT coalesce(u.department_id, 0) AS dept_key, d::date::text AS date,
           (count(*) FILTER (WHERE a.status = 'approved'))::int AS approved,
           (count(*) FILTER (WHERE a.status = 'pending'))::int AS pending,
           (count(*) FILTER (WHERE (d::date = a.start_date AND a.start_half = 'afternoon')
                                OR (d::date = a.end_date AND a.end_half = 'morning')))::int AS half_day
    FROM leave_applications a JOIN users u ON u.id = a.user_id
    CROSS JOIN generate_series(a.start_date, a.end_date, interval '1 day') AS d
    WHERE a.status IN ('pending', 'approved')
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(suite.db);
  return { kept: kept.rows, counted: counted.rows };
}

async function statusCounts() {
  const kept = await sql<{ status: string; n: number }>`
    SELECT status, applications AS n FROM leave_status_counts WHERE applications <> 0 ORDER BY 1`.execute(
    suite.db,
  );
  const counted = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM leave_applications GROUP BY 1 ORDER BY 1`.execute(suite.db);
  return { kept: kept.rows, counted: counted.rows };
}

async function expectConsistent(label: string) {
  const recount = await calendarRecount();
  expect(await calendarRollup(), label).toEqual(recount);
  const counts = await statusCounts();
  expect(counts.kept, label).toEqual(counts.counted);
  const byDepartment = await departmentDays();
  expect(byDepartment.kept, label).toEqual(byDepartment.counted);
  // The admin screens read the rollups: the month, a day's head count, the stats and the badge.
  for (const [year, month] of [
    [2026, 6],
    [2026, 7],
    [2026, 12],
    [2027, 1],
  ] as const) {
    const prefix = `${year}-${String(month).padStart(2, '0')}`;
    const res = await suite.http.get(`/api/leave/calendar/${year}/${month}`, admin);
    expect(res.json().events, `${label}: ${prefix}`).toEqual(
      recount.filter((d) => d.date.startsWith(prefix)),
    );
  }
  const pending = counts.counted.find((c) => c.status === 'pending')?.n ?? 0;
  const today = recount.find((d) => d.date === '2026-06-15');
  const stats = (await suite.http.get('/api/leave/stats', admin)).json().stats;
  expect(stats, label).toMatchObject({ pending, on_leave_today: today?.approved ?? 0 });
  expect((await suite.http.get('/api/leave/pending', admin)).json().total, label).toBe(pending);
  for (const date of ['2026-06-15', '2026-06-19', '2026-07-01', '2026-12-31']) {
    const day = recount.find((d) => d.date === date);
    const res = await suite.http.get(`/api/leave/calendar/day/${date}?pageSize=100`, admin);
    expect(res.json().total, `${label}: ${date}`).toBe((day?.approved ?? 0) + (day?.pending ?? 0));
    expect(res.json().entries).toHaveLength(res.json().total);
  }
}

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

describe('leave per day and per status', () => {
  it('equals a recount after every kind of write, and the admin screens equal the raw applications', async () => {
    const [ann, ben, cat, dan] = people as [Session, Session, Session, Session];
    // History written as the demo and the benchmark generator write it.
    await makeLeaveApplication(suite.db, {
      user: dan.user,
      start: '2026-06-01',
      end: '2026-06-19',
      status: 'approved',
    });
    await makeLeaveApplication(suite.db, {
      user: cat.user,
      start: '2026-05-01',
      end: '2026-05-05',
      status: 'rejected',
    });
    await expectConsistent('history');

    // Applying: whole days over a month's end, half days, sick leave over a weekend.
    const apply = (s: LoggedIn, body: object) =>
      ok(suite.http.post('/api/leave/apply', s, { reason: 'Away', ...body }));
    const a1 = (await apply(ann, { leaveTypeId: annual, startDate: '2026-06-29', endDate: '2026-07-03' }))
      .application;
    const a2 = (
      await apply(ben, {
        leaveTypeId: annual,
        startDate: '2026-06-15',
        endDate: '2026-06-17',
        startHalf: 'afternoon',
        endHalf: 'morning',
      })
    ).application;
    const a3 = (await apply(cat, { leaveTypeId: sick, startDate: '2026-06-19', endDate: '2026-06-22' }))
      .application;
    const a4 = (await apply(cat, { leaveTypeId: annual, startDate: '2026-12-30', endDate: '2027-01-04' }))
      .application;
    await expectConsistent('applied');

    // Deciding one at a time and in a batch, and cancelling.
    await ok(suite.http.put(`/api/leave/applications/${a1.id}/status`, admin, { status: 'approved' }));
    await ok(
      suite.http.post('/api/leave/batch-approval', admin, {
        applicationIds: [a2.id, a3.id],
        action: 'rejected',
      }),
    );
    await ok(suite.http.post(`/api/leave/applications/${a4.id}/cancel`, cat));
    await expectConsistent('decided');

    // A type that needs no approval is approved on applying.
    const policy = await ok(
      suite.http.post('/api/leave/policies', admin, {
        name: 'Rollup Leave',
        leaveCode: 'ROLL',
        maxDays: 10,
        carryForward: false,
        requiresApproval: false,
      }),
    );
    await apply(ben, {
      leaveTypeId: policy.policy.leave_type_id,
      startDate: '2026-07-01',
      endDate: '2026-07-02',
    });
    // A public holiday recounts working-days leave (days_requested) without moving it.
    const b1 = (await apply(dan, { leaveTypeId: annual, startDate: '2026-07-06', endDate: '2026-07-10' }))
      .application;
    await ok(suite.http.post('/api/holidays', admin, { date: '2026-07-08', name: 'Rollup Day' }));
    await expectConsistent('automatic and recounted');

    // Multi-row statements: dates moved, a status changed, applications deleted.
    await sql`UPDATE leave_applications SET start_date = start_date + 1, end_date = end_date + 1,
              start_half = NULL, end_half = NULL
              WHERE status IN ('pending', 'approved') AND user_id = ${ben.user.id}`.execute(suite.db);
    await sql`UPDATE leave_applications SET status = 'pending', decided_at = NULL, decided_by = NULL
              WHERE id = ${b1.id}`.execute(suite.db);
    await sql`DELETE FROM leave_ledger WHERE application_id IN (SELECT id FROM leave_applications WHERE user_id = ${dan.user.id})`.execute(
      suite.db,
    );
    await sql`DELETE FROM leave_applications WHERE user_id = ${dan.user.id} AND start_date < '2026-07-01'`.execute(
      suite.db,
    );
    await expectConsistent('multi-row');

    // A person moving department takes their leave to the new one's days.
    const moved = await makeDepartment(suite.db, 'Rollup Leave Moved');
    await ok(suite.http.patch(`/api/users/${ann.user.id}`, admin, { departmentId: moved.id }));
    await expectConsistent('moved');

    await sql`TRUNCATE leave_applications CASCADE`.execute(suite.db);
    expect(await calendarRollup()).toEqual([]);
    expect((await statusCounts()).kept).toEqual([]);
    expect((await departmentDays()).kept).toEqual([]);
  });
});
