import { randomBytes } from 'node:crypto';
import type { Role } from '@atrium/contract';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../src/db/connection';
import { replaceDepartmentManagers } from '../../src/modules/organisation/departments.repository';
import {
  findDepartmentId,
  findUserIdByEmail,
  insertDepartments,
  insertUsers,
  setPasswordHash,
  setUserActive,
  updatePerson,
} from '../../src/modules/people/people.repository';

/** Every factory user signs in with this password. */
export const TEST_PASSWORD = 'Test-Password-1!';

// The hash is made once per test file, with argon2id at its cheapest: verifying follows the
// parameters stored in the hash, so test logins cost microseconds instead of ~55 ms each.
// The product's own parameters are exercised by the demo seed and the create-admin test.
let testHash: Promise<string> | undefined;
const passwordHash = () =>
  (testHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 }));

/** A short random tag that keeps names, codes and numbers of different tests apart. */
export const tag = () => randomBytes(4).toString('hex');

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
  /** Made unique per person unless given (then `count` must be 1). */
  email?: string;
  employeeNumber?: string;
  badgeNumber?: string;
  /** First and last day of employment (person-day.ts); open when missing. */
  startDate?: string;
  endDate?: string;
  /** false: a disabled account (made, then disabled, as the product disables people). */
  active?: boolean;
  /** When the account was created (leave entitlements are owed from the year it was). */
  createdAt?: Date | string;
  /** Makes them their department's manager. */
  manager?: boolean;
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
      employeeNumber: options.employeeNumber ?? `T-${t}`,
      badgeNumber: options.badgeNumber ?? `TB-${t}`,
      firstName: options.firstName ?? (role === 'admin' ? 'Ada' : 'Sam'),
      lastName: options.lastName ?? `Tester${t}`,
      email: options.email ?? `${role}-${t}@example.test`,
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
  const ids = rows.map((row) => row.id);
  if (options.createdAt !== undefined)
    // No product path back-dates an account: the one column set here by hand.
    await db
      .updateTable('users')
      .set({ created_at: new Date(options.createdAt) })
      .where('id', 'in', ids)
      .execute();
  if (options.active === false) for (const id of ids) await setUserActive(db, id, false);
  if (options.manager) await replaceDepartmentManagers(db, department.id, [ids[0]!]);
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

export interface UserChange {
  role?: Role;
  departmentId?: number | null;
  firstName?: string;
  lastName?: string;
  startDate?: string | null;
  endDate?: string | null;
  active?: boolean;
  passwordHash?: string;
}

/**
 * Changes a person through the people repository, as a change made elsewhere (another process,
 * an import) would: no request, no audit, no announcement. `who` is a user or an email.
 */
export async function changeUser(db: Db, who: { id: number } | { email: string }, change: UserChange) {
  const id = 'id' in who ? who.id : await findUserIdByEmail(db, who.email);
  if (id === undefined) throw new Error(`no user ${'email' in who ? who.email : ''}`);
  const { active, passwordHash: hashed, ...fields } = change;
  await updatePerson(db, id, fields);
  if (hashed !== undefined) await setPasswordHash(db, id, hashed);
  if (active !== undefined) await setUserActive(db, id, active);
}
