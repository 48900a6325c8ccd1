import type { Insertable, Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/passwords';
import type { Database, UsersTable } from '../schema';
import { demoAccounts, demoDepartments, demoNames } from './people.data';

const emailOf = (first: string, last: string) => `${first}.${last}@atrium.local`.toLowerCase();

/** Departments and 52 people; only the two demo accounts can sign in. */
export async function seedOrganisation(db: Kysely<Database>): Promise<void> {
  const departments = await db
    .insertInto('departments')
    .values(demoDepartments.map((d) => ({ name: d.name })))
    .returning(['id', 'name'])
    .execute();
  const departmentId = (name: string) => departments.find((d) => d.name === name)!.id;

  const names = [...demoNames];
  let serial = 0;
  const next = () => {
    serial += 1;
    return {
      employee_number: `E${String(serial).padStart(4, '0')}`,
      badge_number: `B-${10000 + serial * 7}`,
    };
  };
  const values: Insertable<UsersTable>[] = [];
  for (const account of [demoAccounts.admin, demoAccounts.user]) {
    values.push({
      ...next(),
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      password_hash: await hashPassword(account.password),
      role: account === demoAccounts.admin ? 'admin' : 'staff',
      department_id: departmentId(account.department),
    });
  }
  for (const department of demoDepartments) {
    const already = values.filter((v) => v.department_id === departmentId(department.name)).length;
    for (let i = already; i < department.size; i++) {
      const [first, last] = names.shift()!;
      values.push({
        ...next(),
        first_name: first,
        last_name: last,
        email: emailOf(first, last),
        password_hash: null,
        role: 'staff',
        department_id: departmentId(department.name),
      });
    }
  }
  await db.insertInto('users').values(values).execute();
}
