import type { User } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

function publicUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.department_id',
      'd.name as department_name',
    ]);
}

export async function findPublicUser(db: Kysely<Database>, id: number): Promise<User | undefined> {
  const row = await publicUsers(db).where('u.id', '=', id).executeTakeFirst();
  return row as User | undefined;
}

export async function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function setUserActive(db: Kysely<Database>, id: number, active: boolean): Promise<boolean> {
  const result = await db.updateTable('users').set({ active }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listDepartments(db: Kysely<Database>) {
  return db.selectFrom('departments').select(['id', 'name']).orderBy('name').execute();
}

/** Active people with their department, for admin filters and pickers. */
export async function listActivePeople(db: Kysely<Database>) {
  return publicUsers(db)
    .where('u.active', '=', true)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}
