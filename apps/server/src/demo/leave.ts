import { addDays, inclusiveDays, isoWeekday, yearOf } from '@atrium/contract/calendar';
import { type Kysely, sql } from 'kysely';
import { OrgClock, type Today } from '../core/clock';
import type { Database } from '../db/schema';
import { bookApplication, carryForward } from '../modules/leave/balances';
import { daysRequestedOf } from '../modules/leave/leave-days.repository';
import { demoAccounts } from './people.data';
import { chance, pick } from './random';

const SEED_LOCK = 7_150_224;
const MARKER = 'demo_leave_seeded_at';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Person {
  id: number;
  email: string;
  department: string | null;
}
interface Planned {
  user_id: number;
  leave_type_id: number;
  start_date: string;
  end_date: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  applied_at: Date;
  decided_at: Date | null;
  admin_comments: string | null;
}

const reasons: Record<string, string[]> = {
  AL: [
    'Family holiday',
    'Long weekend away',
    'Visiting relatives',
    'Summer break',
    'Wedding anniversary trip',
  ],
  SL: ['Flu', 'Doctor appointment', 'Back pain', 'Migraine'],
  PL: ['Moving house', 'Child school event', 'Car repair appointment'],
  UL: ['Extended travel', 'Personal project'],
};
/** Days a person may use per type and year in the demo, safely inside every allowance. */
const budget: Record<string, number> = { AL: 15, SL: 4, PL: 2, UL: 5 };
const length: Record<string, number> = { AL: 5, SL: 2, PL: 1, UL: 3 };

/**
 * A year of leave for the demo organisation, run once after the attendance seed: approved and
 * rejected history across every department, a few people on leave today (chosen among those
 * the attendance seed left without a record today, never the demo User), and 3-6 applications
 * waiting for the admin, one of them the demo User's. Every application is booked in the
 * ledger exactly as the service books it, so balances add up.
 */
export async function seedDemoLeave(db: Kysely<Database>, clock = new OrgClock(db)): Promise<boolean> {
  const today = await clock.today();
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const org = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    const done = await trx.selectFrom('settings').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (!org || done) return false;
    await seed(trx, today);
    await trx
      .insertInto('settings')
      .values({ key: MARKER, value: JSON.stringify(today.now.toISOString()) })
      .execute();
    return true;
  });
  await reconcileDemoAttendance(db, clock);
  return seeded;
}

async function seed(trx: Kysely<Database>, { now, date: today }: Today): Promise<void> {
  const year = yearOf(today);
  const types = await trx.selectFrom('leave_types').select(['id', 'leave_code']).execute();
  const typeId = (code: string) => types.find((t) => t.leave_code === code)!.id;
  const people: Person[] = await trx
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.email', 'd.name as department'])
    .where('u.active', '=', true)
    .orderBy('u.id')
    .execute();
  const admin = people.find((p) => p.email === demoAccounts.admin.email);
  const user = people.find((p) => p.email === demoAccounts.user.email);
  if (!admin || !user) return;
  const presentToday = new Set(
    (await trx.selectFrom('attendance_records').select('user_id').where('date', '=', today).execute()).map(
      (r) => r.user_id,
    ),
  );

  // Both leave years are booked from their entitlement, and last year's unused days carry over.
  for (const y of [year - 1, year]) {
    await sql`
      INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note, created_at)
      SELECT u.id, t.id, ${y}, 'entitlement', t.max_days_per_year, ${`Yearly entitlement ${y}`},
        ${new Date(Math.min(now.getTime(), Date.UTC(y, 0, 1)))}
      FROM users u CROSS JOIN leave_types t WHERE u.active
      ON CONFLICT (user_id, leave_type_id, leave_year) WHERE kind = 'entitlement' DO NOTHING`.execute(trx);
  }

  const plans: Planned[] = [];
  const used = new Map<string, number>();
  const taken = new Map<number, [string, string][]>();
  const fits = (p: Pick<Planned, 'user_id' | 'start_date' | 'end_date'>, code: string) => {
    const key = `${p.user_id}|${code}|${yearOf(p.start_date)}`;
    const days = inclusiveDays(p.start_date, p.end_date);
    const clash = (taken.get(p.user_id) ?? []).some(([s, e]) => s <= p.end_date && e >= p.start_date);
    // Annual Leave counts working days: a weekend alone would charge nothing.
    const weekendOnly =
      code === 'AL' && days <= 2 && isoWeekday(p.start_date) >= 6 && isoWeekday(p.end_date) >= 6;
    if (weekendOnly) return false;
    // Keep a period inside one year so the demo budget per year holds.
    if (clash || yearOf(p.start_date) !== yearOf(p.end_date) || (used.get(key) ?? 0) + days > budget[code]!)
      return false;
    used.set(key, (used.get(key) ?? 0) + days);
    taken.set(p.user_id, [...(taken.get(p.user_id) ?? []), [p.start_date, p.end_date]]);
    return true;
  };
  const at = (date: string, hours: number) => new Date(Date.parse(`${date}T00:00:00Z`) + hours * HOUR);

  // History: two to four decided applications per person over the past year.
  for (const person of people) {
    if (person.id === admin.id) continue; // nobody decides their own leave
    const count = 2 + pick(3, person.id, 'count');
    for (let i = 0; i < count; i++) {
      const roll = chance(person.id, i, 'type');
      const code = roll < 0.6 ? 'AL' : roll < 0.85 ? 'SL' : roll < 0.95 ? 'PL' : 'UL';
      const start = addDays(today, -(8 + pick(350, person.id, i, 'start')));
      const end = addDays(start, pick(length[code]!, person.id, i, 'len'));
      if (end >= today) continue;
      const plan = { user_id: person.id, start_date: start, end_date: end };
      if (!fits(plan, code)) continue;
      const approved = chance(person.id, i, 'ok') < 0.8;
      const applied =
        code === 'SL' ? at(start, 8.5) : at(addDays(start, -(3 + pick(18, person.id, i, 'ahead'))), 9.25);
      plans.push({
        ...plan,
        leave_type_id: typeId(code),
        reason: reasons[code]![pick(reasons[code]!.length, person.id, i, 'why')]!,
        status: approved ? 'approved' : 'rejected',
        applied_at: applied,
        decided_at: new Date(applied.getTime() + (2 + pick(20, person.id, i, 'wait')) * HOUR),
        admin_comments: approved ? 'Application approved by admin' : 'Application rejected by admin',
      });
    }
  }

  // On leave today: three of the people the attendance seed left absent (never the demo User).
  const absent = people.filter((p) => !presentToday.has(p.id) && p.id !== user.id && p.id !== admin.id);
  for (const [n, person] of absent.slice(0, 3).entries()) {
    const start = addDays(today, -(1 + n));
    const plan = { user_id: person.id, start_date: start, end_date: addDays(today, 2 + n) };
    if (!fits(plan, 'AL')) continue;
    const applied = at(addDays(start, -14), 10);
    plans.push({
      ...plan,
      leave_type_id: typeId('AL'),
      reason: 'Family holiday',
      status: 'approved',
      applied_at: applied,
      decided_at: new Date(applied.getTime() + DAY),
      admin_comments: 'Application approved by admin',
    });
  }

  // Waiting for the admin: the demo User's and three more from other departments.
  const waiting = [
    user,
    ...people.filter((p) => p.id !== admin.id && p.id !== user.id && p.department !== 'Warehouse'),
  ];
  const departments = new Set<string | null>();
  let pendingCount = 0;
  for (const person of waiting) {
    if (pendingCount === 4) break;
    if (person.id !== user.id && departments.has(person.department)) continue;
    const code = pendingCount === 2 ? 'PL' : 'AL';
    const start = addDays(today, 10 + pendingCount * 6);
    const plan = {
      user_id: person.id,
      start_date: start,
      end_date: addDays(start, code === 'PL' ? 0 : 2 + pendingCount),
    };
    if (!fits(plan, code)) continue;
    departments.add(person.department);
    pendingCount++;
    plans.push({
      ...plan,
      leave_type_id: typeId(code),
      reason:
        person.id === user.id ? 'Family wedding' : reasons[code]![pendingCount % reasons[code]!.length]!,
      status: 'pending',
      applied_at: new Date(now.getTime() - pendingCount * 7 * HOUR),
      decided_at: null,
      admin_comments: null,
    });
  }

  plans.sort((a, b) => a.applied_at.getTime() - b.applied_at.getTime());
  for (const plan of plans) {
    const created = await trx
      .insertInto('leave_applications')
      .values({
        ...plan,
        days_requested: daysRequestedOf({
          userId: plan.user_id,
          typeId: plan.leave_type_id,
          start: plan.start_date,
          end: plan.end_date,
          startHalf: null,
          endHalf: null,
        }),
        created_at: plan.applied_at,
        decided_by: plan.status === 'pending' ? null : admin.id,
      })
      .returning(['id', 'user_id', 'leave_type_id', 'start_date', 'end_date'])
      .executeTakeFirstOrThrow();
    await bookApplication(trx, created, 'application_pending', {
      userId: plan.user_id,
      at: plan.applied_at,
      note: 'Applied',
    });
    if (plan.status !== 'pending') {
      await bookApplication(
        trx,
        created,
        plan.status === 'approved' ? 'application_approved' : 'application_rejected',
        {
          userId: admin.id,
          at: plan.decided_at!,
          note: plan.status === 'approved' ? 'Approved' : 'Rejected',
        },
      );
    }
  }
  await carryForward(trx, year - 1);
}

/**
 * Nobody checks in on a day of approved leave. Removes the demo's attendance on past days
 * of the demo's own approved leave (also days the attendance seed added on a later start);
 * today is left alone, and real applications made through the app are never touched.
 */
export async function reconcileDemoAttendance(
  db: Kysely<Database>,
  clock = new OrgClock(db),
): Promise<number> {
  const marker = await db.selectFrom('settings').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (typeof marker?.value !== 'string') return 0;
  const { date: today } = await clock.today();
  const result = await sql`
    DELETE FROM attendance_records r
    USING leave_applications a
    WHERE a.user_id = r.user_id AND a.status = 'approved'
      AND a.created_at <= ${marker.value}::timestamptz
      AND r.date BETWEEN a.start_date AND a.end_date AND r.date < ${today}::date`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
