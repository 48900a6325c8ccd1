import type { Person, PersonFields, PersonStatus, Role } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import { type PublicUserRow, publicUsers } from '../auth/auth.repository';
import { revokeOpenInvitations } from './invitations.repository';

/**
 * Enables or disables a person. Disabling also revokes their unused links to set a password:
 * a link checked only against `active` came back to life when the person was enabled again
 * (issue 33), and a link must never outlive a disable. Every disabling path comes through here.
 */
export async function setUserActive(db: Kysely<Database>, id: number, active: boolean): Promise<boolean> {
  const result = await db.updateTable('users').set({ active }).where('id', '=', id).executeTakeFirst();
  if (!active) await revokeOpenInvitations(db, id, new Date());
  return result.numUpdatedRows > 0n;
}

/**
 * A departments row as the API shows it (Department), read from `departments` unaliased: its
 * first manager (the one who decides) comes from department_managers.
 */
export const departmentColumns = [
  'id',
  'name',
  'parent_id',
  sql<number | null>`(SELECT dm.user_id FROM department_managers dm
    WHERE dm.department_id = departments.id ORDER BY dm.position LIMIT 1)`.as('manager_id'),
  'site_id',
  sql<string>`(SELECT s.name FROM sites s WHERE s.id = departments.site_id)`.as('site'),
] as const;

export async function listDepartments(db: Kysely<Database>) {
  return db.selectFrom('departments').select(departmentColumns).orderBy('name').execute();
}

/** A person's name as shown, "First Last", of the users row `u`: the expression users_name_trgm_idx (022) indexes. */
export const personName = sql`(u.first_name || ' ' || u.last_name)`;

/** A person as the people list shows them. */
export interface PersonListRow extends PublicUserRow {
  employee_number: string;
  badge_number: string;
  start_date: string | null;
  end_date: string | null;
  active: boolean;
  site_id: number;
  site: string;
  home_site_id: number | null;
}

/**
 * A person's site, of the users row `u` and their department `d`: their own, else their
 * department's, else the organisation's first (someone without a department).
 */
export const effectiveSiteId = sql<number>`coalesce(u.site_id, d.site_id, first_site())`;

/** Where a page of people in name order ended. */
export interface NamePosition {
  lastName: string;
  firstName: string;
  id: number;
}

const personColumns = [
  'u.employee_number',
  'u.badge_number',
  sql<string | null>`to_char(u.start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string | null>`to_char(u.end_date, 'YYYY-MM-DD')`.as('end_date'),
  'u.active',
  effectiveSiteId.as('site_id'),
  sql<string>`(SELECT s.name FROM sites s WHERE s.id = coalesce(u.site_id, d.site_id, first_site()))`.as(
    'site',
  ),
  'u.site_id as home_site_id',
] as const;

/**
 * People in name order after `after`, `limit` of them. Each status walks an index in that order
 * (users_active_name_idx, users_disabled_name_idx, users_name_idx, or their department
 * variants), so a page costs the same at 50,000 people as at 50.
 */
export async function listPeople(
  db: Kysely<Database>,
  options: {
    status: PersonStatus;
    search?: string;
    /** What the search reads: names only (the directory every manager may ask), or identifiers too. */
    searchIn?: 'names' | 'identifiers';
    departmentId?: number;
    after?: NamePosition;
    limit: number;
  },
): Promise<PersonListRow[]> {
  let query = publicUsers(db)
    .select(personColumns)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(options.limit);
  if (options.status !== 'all') query = query.where('u.active', '=', options.status === 'active');
  if (options.after) {
    const a = options.after;
    query = query.where(
      sql<boolean>`(u.last_name, u.first_name, u.id) > (${a.lastName}, ${a.firstName}, ${a.id})`,
    );
  }
  if (options.departmentId !== undefined) query = query.where('u.department_id', '=', options.departmentId);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where(
      options.searchIn === 'names'
        ? sql<boolean>`u.first_name || ' ' || u.last_name ILIKE ${pattern}`
        : sql<boolean>`(u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern}
        OR u.employee_number ILIKE ${pattern} OR u.badge_number ILIKE ${pattern})`,
    );
  }
  return query.execute();
}

/**
 * One person as the person page shows them; `forUpdate` locks the row for an edit. Its columns
 * are the contract's Person already (person.service.ts answers it as it is).
 */
export async function findPerson(
  db: Kysely<Database>,
  id: number,
  forUpdate = false,
): Promise<Person | undefined> {
  let query = publicUsers(db)
    .select(personColumns)
    .select(sql<boolean>`u.password_hash IS NOT NULL`.as('has_password'))
    .select(
      sql<
        Person['leave_approver']
      >`(SELECT json_build_object('id', a.id, 'name', a.first_name || ' ' || a.last_name)
        FROM users a WHERE a.id = u.leave_approver_id)`.as('leave_approver'),
    )
    .where('u.id', '=', id);
  if (forUpdate) query = query.forUpdate('u');
  return (await query.executeTakeFirst()) as Person | undefined;
}

/** The fields of `person` that someone other than `exceptUserId` already holds. */
export async function takenIdentifiers(
  db: Kysely<Database>,
  person: { email?: string; employeeNumber?: string; badgeNumber?: string },
  exceptUserId?: number,
): Promise<('email' | 'employeeNumber' | 'badgeNumber')[]> {
  const checks = [
    ['email', 'email', person.email?.toLowerCase()],
    ['employeeNumber', 'employee_number', person.employeeNumber],
    ['badgeNumber', 'badge_number', person.badgeNumber],
  ] as const;
  const taken: ('email' | 'employeeNumber' | 'badgeNumber')[] = [];
  for (const [field, column, value] of checks) {
    if (value === undefined) continue;
    let query = db.selectFrom('users').select('id').where(column, '=', value);
    if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
    if (await query.executeTakeFirst()) taken.push(field);
  }
  return taken;
}

/** Writes the given fields of a person; the others stay as they are. */
export async function updatePerson(db: Kysely<Database>, id: number, change: Partial<PersonFields>) {
  const values = {
    first_name: change.firstName,
    last_name: change.lastName,
    email: change.email?.toLowerCase(),
    employee_number: change.employeeNumber,
    badge_number: change.badgeNumber,
    department_id: change.departmentId,
    role: change.role,
    start_date: change.startDate,
    end_date: change.endDate,
    site_id: change.siteId,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/**
 * A person to create. Every user comes into being through `insertUsers`: the demo seed, the
 * create-admin command and the test factories alike. Passwords arrive hashed (or null: the
 * person cannot sign in).
 */
export interface NewUser {
  employeeNumber: string;
  badgeNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  departmentId: number | null;
  startDate?: string | null;
  endDate?: string | null;
  /** Their own site; null or missing: their department's. */
  siteId?: number | null;
}

export async function insertUsers(
  db: Kysely<Database>,
  users: NewUser[],
): Promise<{ id: number; email: string }[]> {
  if (users.length === 0) return [];
  return db
    .insertInto('users')
    .values(
      users.map((u) => ({
        employee_number: u.employeeNumber,
        badge_number: u.badgeNumber,
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email.toLowerCase(),
        password_hash: u.passwordHash,
        role: u.role,
        department_id: u.departmentId,
        start_date: u.startDate ?? null,
        end_date: u.endDate ?? null,
        site_id: u.siteId ?? null,
      })),
    )
    .returning(['id', 'email'])
    .execute();
}

export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findDepartmentId(db: Kysely<Database>, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

/** Creates departments (each gets its default schedule from the database); returns them all. */
export async function insertDepartments(db: Kysely<Database>, names: string[]) {
  if (names.length === 0) return [];
  return db
    .insertInto('departments')
    .values(names.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
}

/** "First Last", as notifications name a person. */
export async function fullName(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${row.first_name} ${row.last_name}`;
}

/** Active people whose last working day is before `date`, locked for the change that ends them. */
export async function lockPastEmployments(db: Kysely<Database>, date: string, userId?: number) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('active', '=', true)
    .where('end_date', '<', date)
    .orderBy('id')
    .forUpdate();
  if (userId !== undefined) query = query.where('id', '=', userId);
  return (await query.execute()).map((r) => r.id);
}

/** A person's employment span, locked for a change of it. */
export async function lockEmploymentSpan(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('users')
    .select([
      sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
      'active',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setEndDate(db: Kysely<Database>, id: number, endDate: string | null): Promise<void> {
  await db.updateTable('users').set({ end_date: endDate }).where('id', '=', id).execute();
}

export async function isActivePerson(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('active').where('id', '=', id).executeTakeFirst();
  return row?.active === true;
}

export async function setLeaveApprover(db: Kysely<Database>, userId: number, approverId: number | null) {
  await db.updateTable('users').set({ leave_approver_id: approverId }).where('id', '=', userId).execute();
}
