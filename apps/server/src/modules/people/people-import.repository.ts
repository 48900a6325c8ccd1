import type { PeopleExportQuery } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import type { TakenIdentifiers } from './people-import-rows';

/** Department ids by lower-cased name, as an import row names them. */
export async function departmentIdsByName(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('departments').select(['id', 'name']).execute();
  return new Map(rows.map((d) => [d.name.toLowerCase(), d.id]));
}

/** Site ids by lower-cased name, as an import row's site column names them. */
export async function siteIdsByName(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('sites').select(['id', 'name']).execute();
  return new Map(rows.map((s) => [s.name.toLowerCase(), s.id]));
}

/**
 * Which of these emails, employee numbers and badge numbers someone already has: one query for
 * the whole file, each list an array parameter (the unique indexes answer each ANY).
 */
export async function takenIdentifiers(
  db: Kysely<Database>,
  wanted: { emails: string[]; employeeNumbers: string[]; badgeNumbers: string[] },
): Promise<TakenIdentifiers> {
  const result = await sql<{ kind: keyof TakenIdentifiers; value: string }>`
    SELECT 'email' AS kind, email AS value FROM users WHERE email = ANY(${wanted.emails}::text[])
    UNION ALL
    SELECT 'employee_number', employee_number FROM users
      WHERE employee_number = ANY(${wanted.employeeNumbers}::text[])
    UNION ALL
    SELECT 'badge_number', badge_number FROM users WHERE badge_number = ANY(${wanted.badgeNumbers}::text[])
  `.execute(db);
  const taken: TakenIdentifiers = { email: new Set(), employee_number: new Set(), badge_number: new Set() };
  for (const row of result.rows) taken[row.kind].add(row.value);
  return taken;
}

/**
 * Imports of the whole organisation take turns (a transaction-scoped advisory lock), so two at
 * once cannot both pass the duplicate checks and then collide on a unique index.
 */
export async function lockPeopleImport(db: Kysely<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('atrium.people_import'))`.execute(db);
}

export interface ExportedPerson {
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  badge_number: string;
  department_name: string | null;
  role: string;
  start_date: string | null;
  /** Their own site's name; null when they follow their department's. */
  home_site_name: string | null;
  active: boolean;
}

/**
 * The people the list's filters leave, in name order, read through a cursor a chunk at a time so
 * memory does not grow with the organisation.
 */
export function streamPeople(db: Kysely<Database>, filter: PeopleExportQuery): AsyncIterable<ExportedPerson> {
  let query = db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('sites as s', 's.id', 'u.site_id')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.employee_number',
      'u.badge_number',
      'd.name as department_name',
      'u.role',
      sql<string | null>`to_char(u.start_date, 'YYYY-MM-DD')`.as('start_date'),
      's.name as home_site_name',
      'u.active',
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id');
  if (filter.status !== 'all') query = query.where('u.active', '=', filter.status === 'active');
  if (filter.department !== undefined) query = query.where('u.department_id', '=', filter.department);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where(
      sql<boolean>`(u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern}
        OR u.employee_number ILIKE ${pattern} OR u.badge_number ILIKE ${pattern})`,
    );
  }
  return query.stream(500);
}

/** The first department's name, for the template's example row (null when there is none). */
export async function anyDepartmentName(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('departments').select('name').orderBy('name').limit(1).executeTakeFirst();
  return row?.name ?? null;
}
