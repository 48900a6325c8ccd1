import { randomBytes } from 'node:crypto';
import type { Role } from '@atrium/contract';
import { hash } from '@node-rs/argon2';
import type { Db } from '../src/db/connection';
import { bookApplication, ensureLeaveYear } from '../src/modules/leave/balances';
import { closePending, insertApplication } from '../src/modules/leave/leave.repository';
import { listLeaveTypes } from '../src/modules/leave/policies.repository';
import { findDepartmentId, insertDepartments, insertUsers } from '../src/modules/people/people.repository';

/**
 * Factories: each builds one kind of row the way the product would, creating what it depends on
 * (a department for a user, a user for an attendance day or a leave application).
 */

/** Every factory user signs in with this password. */
export const TEST_PASSWORD = 'Test-Password-1!';

// The hash is made once per test file, with argon2id at its cheapest: verifying follows the
// parameters stored in the hash, so test logins cost microseconds instead of ~55 ms each.
// The product's own parameters are exercised by the demo seed and the create-admin test.
let testHash: Promise<string> | undefined;
const passwordHash = () =>
  (testHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 }));

const tag = () => randomBytes(4).toString('hex');

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  departmentId: number;
}

/** The department of that name, created (with its default schedule) when missing. */
export async function makeDepartment(
  db: Db,
  name = `Department ${tag()}`,
): Promise<{ id: number; name: string }> {
  const existing = await findDepartmentId(db, name);
  if (existing !== undefined) return { id: existing, name };
  const [created] = await insertDepartments(db, [name]);
  return created!;
}

export interface UserOptions {
  role?: Role;
  /** Department name; 'Test Department' unless given. */
  department?: string;
  firstName?: string;
  lastName?: string;
  /** First and last day of employment (person-day.ts); open when missing. */
  startDate?: string;
  endDate?: string;
}

export async function makeUser(db: Db, options: UserOptions = {}): Promise<TestUser> {
  const [user] = await makeUsers(db, 1, options);
  return user!;
}

/** Several people at once (one insert), e.g. a team in its own department. */
export async function makeUsers(db: Db, count: number, options: UserOptions = {}): Promise<TestUser[]> {
  const role = options.role ?? 'staff';
  const department = await makeDepartment(db, options.department ?? 'Test Department');
  const people = Array.from({ length: count }, () => {
    const t = tag();
    return {
      employeeNumber: `T-${t}`,
      badgeNumber: `TB-${t}`,
      firstName: options.firstName ?? (role === 'admin' ? 'Ada' : 'Sam'),
      lastName: options.lastName ?? `Tester${t}`,
      email: `${role}-${t}@example.test`,
    };
  });
  const hashed = await passwordHash();
  const rows = await insertUsers(
    db,
    people.map((p) => ({
      ...p,
      passwordHash: hashed,
      role,
      departmentId: department.id,
      startDate: options.startDate ?? null,
      endDate: options.endDate ?? null,
    })),
  );
  return rows.map((row, i) => ({
    id: row.id,
    email: row.email,
    password: TEST_PASSWORD,
    role,
    firstName: people[i]!.firstName,
    lastName: people[i]!.lastName,
    departmentId: department.id,
  }));
}

export interface AttendanceOptions {
  user?: { id: number };
  date: string;
  /** Check-in as a UTC time of day on `date` ('08:55') or an instant. */
  checkIn: string | Date;
  checkOut?: string | Date | null;
  late?: boolean;
  source?: 'web' | 'bulk' | 'correction' | 'badge';
}

const instantOn = (date: string, time: string | Date) =>
  time instanceof Date ? time : new Date(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);

/** One attendance record (for a new staff member unless `user` is given). */
export async function makeAttendance(db: Db, options: AttendanceOptions) {
  const user = options.user ?? (await makeUser(db));
  const row = await db
    .insertInto('attendance_records')
    .values({
      user_id: user.id,
      date: options.date,
      check_in_time: instantOn(options.date, options.checkIn),
      check_out_time: options.checkOut ? instantOn(options.date, options.checkOut) : null,
      late: options.late ?? false,
      source: options.source ?? 'web',
      created_by: user.id,
      updated_by: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, user };
}

export interface LeaveOptions {
  user?: { id: number };
  /** Leave type name; Annual Leave unless given. */
  type?: string;
  start: string;
  end: string;
  status?: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reason?: string;
  /** When it was applied for (and decided); the ledger lines carry it too. */
  at?: Date;
  /** Who decided; the applicant unless given. */
  decidedBy?: { id: number };
}

/**
 * A leave application booked in the ledger exactly as the services book it (pending, then its
 * decision), so balances add up. Creates a staff member unless `user` is given.
 */
export async function makeLeaveApplication(db: Db, options: LeaveOptions) {
  const user = options.user ?? (await makeUser(db));
  const typeName = options.type ?? 'Annual Leave';
  const type = (await listLeaveTypes(db)).find((t) => t.leave_name === typeName);
  if (!type) throw new Error(`no leave type ${typeName}`);
  const at = options.at ?? new Date(`${options.start}T09:00:00Z`);
  const status = options.status ?? 'pending';
  return db.transaction().execute(async (trx) => {
    for (let year = Number(options.start.slice(0, 4)); year <= Number(options.end.slice(0, 4)); year++)
      await ensureLeaveYear(trx, user.id, year, year);
    const created = await insertApplication(trx, {
      user_id: user.id,
      leave_type_id: type.id,
      start_date: options.start,
      end_date: options.end,
      reason: options.reason ?? 'Test leave',
      status: 'pending',
      at,
      admin_comments: null,
    });
    await bookApplication(trx, created, 'application_pending', { userId: user.id, at, note: 'Applied' });
    if (status !== 'pending') {
      const by = options.decidedBy?.id ?? user.id;
      const closed = await closePending(trx, created.id, { status, by, at, comments: null });
      await bookApplication(trx, closed!, `application_${status}`, { userId: by, at, note: status });
    }
    return { id: created.id, user, leaveTypeId: type.id };
  });
}
