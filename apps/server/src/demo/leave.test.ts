import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { OrgClock } from '../core/clock';
import { writeTimeZone } from '../core/settings.repository';
import { balancesOf } from '../modules/leave/balances';
import { seedDemoAttendance } from './attendance';
import { seedDemo, seedDemoLeave } from './index';
import { reconcileDemoAttendance } from './leave';

let database: TestDatabase;
const now = new Date('2026-07-08T13:00:00Z');
const today = '2026-07-08';

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
  await seedDemo(database.db);
  await seedDemoAttendance(database.db, at(now));
  expect(await seedDemoLeave(database.db, at(now))).toBe(true);
});
afterAll(() => database.drop());

/** The organisation's clock stopped at one instant. */
const at = (instant: Date) => new OrgClock(database.db, () => instant);

const userId = async (email: string) =>
  (await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

describe('demo leave', () => {
  it('seeds once', async () => {
    expect(await seedDemoLeave(database.db, at(now))).toBe(false);
  });

  it('spreads a year of approved and rejected history over every department', async () => {
    const rows = await database.db
      .selectFrom('leave_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['d.name', 'a.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['d.name', 'a.status'])
      .execute();
    const approvedIn = new Set(rows.filter((r) => r.status === 'approved').map((r) => r.name));
    expect(approvedIn.size).toBe(5);
    expect(rows.some((r) => r.status === 'rejected')).toBe(true);
    const range = await database.db
      .selectFrom('leave_applications')
      .select([(eb) => eb.fn.min('start_date').as('first'), (eb) => eb.fn.max('end_date').as('last')])
      .executeTakeFirstOrThrow();
    expect(String(range.first) >= '2025-07-08').toBe(true);
    expect(String(range.first) < '2025-10-01').toBe(true);
  });

  it('leaves 3-6 pending applications, one of them from the demo User', async () => {
    const pending = await database.db
      .selectFrom('leave_applications')
      .select(['user_id', 'start_date'])
      .where('status', '=', 'pending')
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.length).toBeLessThanOrEqual(6);
    expect(pending.map((p) => p.user_id)).toContain(await userId('user@atrium.local'));
    expect(pending.every((p) => p.start_date > today)).toBe(true);
    // Routed as applications are: the demo User's waits for the demo Manager (Warehouse's).
    const users = await database.db
      .selectFrom('leave_applications')
      .select(['approval_step', 'approver_id'])
      .where('status', '=', 'pending')
      .where('user_id', '=', await userId('user@atrium.local'))
      .execute();
    expect(users).toEqual([{ approval_step: 'manager', approver_id: await userId('manager@atrium.local') }]);
  });

  it('puts some people on leave today, none of them present, and never the demo User; 47 stay present', async () => {
    const onLeave = await database.db
      .selectFrom('leave_applications')
      .select('user_id')
      .where('status', '=', 'approved')
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .execute();
    expect(onLeave.length).toBeGreaterThan(0);
    expect(onLeave.map((r) => r.user_id)).not.toContain(await userId('user@atrium.local'));
    const present = await database.db
      .selectFrom('attendance_records')
      .select('user_id')
      .where('date', '=', today)
      .execute();
    expect(present).toHaveLength(47);
    const presentIds = new Set(present.map((r) => r.user_id));
    expect(onLeave.some((r) => presentIds.has(r.user_id))).toBe(false);
  });

  it('has no attendance on any day of approved leave', async () => {
    const clashes = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM attendance_records r JOIN leave_applications a
        ON a.user_id = r.user_id AND a.status = 'approved' AND r.date BETWEEN a.start_date AND a.end_date`.execute(
      database.db,
    );
    expect(clashes.rows[0]!.n).toBe(0);
  });

  it('keeps it so when the attendance seed fills later days', async () => {
    const later = new Date('2026-07-12T13:00:00Z');
    await seedDemoAttendance(database.db, at(later));
    await reconcileDemoAttendance(database.db, at(later));
    const clashes = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM attendance_records r JOIN leave_applications a
        ON a.user_id = r.user_id AND a.status = 'approved' AND r.date BETWEEN a.start_date AND a.end_date
      WHERE r.date < '2026-07-12'`.execute(database.db);
    expect(clashes.rows[0]!.n).toBe(0);
  });

  it('books every application in the ledger so no balance is negative and sums match', async () => {
    const unbooked = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM leave_applications a
      WHERE NOT EXISTS (SELECT 1 FROM leave_ledger l WHERE l.application_id = a.id AND l.kind = 'application_pending')
        OR (a.status <> 'pending' AND NOT EXISTS (
          SELECT 1 FROM leave_ledger l WHERE l.application_id = a.id AND l.kind = 'application_' || a.status))`.execute(
      database.db,
    );
    expect(unbooked.rows[0]!.n).toBe(0);
    const people = await database.db.selectFrom('users').select('id').execute();
    for (const person of people) {
      for (const year of [2025, 2026]) {
        for (const balance of await balancesOf(database.db, person.id, year)) {
          if (balance.remaining_days !== null) expect(balance.remaining_days).toBeGreaterThanOrEqual(0);
        }
      }
    }
    const used = await sql<{ ledger: number; applications: number }>`
      SELECT (SELECT sum(used_days) FROM leave_ledger)::int AS ledger,
        (SELECT sum(days_requested) FROM leave_applications WHERE status = 'approved')::int AS applications`.execute(
      database.db,
    );
    expect(used.rows[0]!.ledger).toBe(used.rows[0]!.applications);
  });
});
