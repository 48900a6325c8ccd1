import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function findIdentity(db: Kysely<Database>, issuer: string, subject: string) {
  return db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function saveIdentity(
  db: Kysely<Database>,
  row: { issuer: string; subject: string; user_id: number; email: string | null },
  at: Date,
) {
  await db
    .insertInto('sso_identities')
    .values({ ...row, last_login_at: at })
    .onConflict((oc) =>
      oc.columns(['issuer', 'subject']).doUpdateSet({ email: row.email, last_login_at: at }),
    )
    .execute();
}

/** The person and their standing, locked: a sign-in and an administrator's edit do not cross. */
export async function lockPerson(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'active', 'department_id', 'email'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export async function otherActiveAdmins(db: Kysely<Database>, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setRole(db: Kysely<Database>, id: number, role: 'admin' | 'staff') {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function managesDepartment(db: Kysely<Database>, userId: number, departmentId: number) {
  const row = await db
    .selectFrom('department_managers')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('department_id', '=', departmentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the person as the last manager of the department. */
export async function addManager(db: Kysely<Database>, userId: number, departmentId: number) {
  await sql`INSERT INTO department_managers (department_id, user_id, position)
    SELECT ${departmentId}, ${userId}, COALESCE(max(position) + 1, 0)
    FROM department_managers WHERE department_id = ${departmentId}
    ON CONFLICT DO NOTHING`.execute(db);
}

/** The departments the person stops managing. */
export async function removeManager(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .deleteFrom('department_managers')
    .where('user_id', '=', userId)
    .returning('department_id')
    .execute();
  return rows.map((r) => r.department_id);
}

export async function departmentNamed(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('departments')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function identifierTaken(
  db: Kysely<Database>,
  column: 'employee_number' | 'badge_number',
  value: string,
) {
  return (
    (await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst()) !== undefined
  );
}

export async function ssoOfSession(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom('sessions').select('sso_issuer').where('id', '=', sessionId).executeTakeFirst();
}

/** Sessions a provider's logout names: by its session id, else every one of that subject. */
export async function ssoSessions(db: Kysely<Database>, issuer: string, subject?: string, sid?: string) {
  let q = db
    .selectFrom('sessions')
    .select('id')
    .where('sso_issuer', '=', issuer)
    .where('revoked_at', 'is', null);
  if (sid) q = q.where('sso_sid', '=', sid);
  if (subject) q = q.where('sso_subject', '=', subject);
  return (await q.execute()).map((r) => r.id);
}
