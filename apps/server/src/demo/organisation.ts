import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { insertDepartments, insertUsers, type NewUser } from '../modules/people/people.repository';
import { demoAccounts, demoDepartments, demoNames } from './people.data';

const emailOf = (first: string, last: string) => `${first}.${last}@atrium.local`.toLowerCase();

/** Departments and 52 people; only the three demo accounts can sign in. */
export async function seedOrganisation(db: Kysely<Database>): Promise<void> {
  const departments = await insertDepartments(
    db,
    demoDepartments.map((d) => d.name),
  );
  const departmentId = (name: string) => departments.find((d) => d.name === name)!.id;
  for (const { name, parent } of demoDepartments)
    if (parent)
      await db
        .updateTable('departments')
        .set({ parent_id: departmentId(parent) })
        .where('id', '=', departmentId(name))
        .execute();

  const names = [...demoNames];
  let serial = 0;
  const next = () => {
    serial += 1;
    return {
      employeeNumber: `E${String(serial).padStart(4, '0')}`,
      badgeNumber: `B-${10000 + serial * 7}`,
    };
  };
  const people: NewUser[] = [];
  for (const account of [demoAccounts.admin, demoAccounts.user, demoAccounts.manager]) {
    people.push({
      ...next(),
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account === demoAccounts.admin ? 'admin' : 'staff',
      departmentId: departmentId(account.department),
    });
  }
  for (const department of demoDepartments) {
    const already = people.filter((p) => p.departmentId === departmentId(department.name)).length;
    for (let i = already; i < department.size; i++) {
      const [first, last] = names.shift()!;
      people.push({
        ...next(),
        firstName: first,
        lastName: last,
        email: emailOf(first, last),
        passwordHash: null,
        role: 'staff',
        departmentId: departmentId(department.name),
      });
    }
  }
  await insertUsers(db, people);
}
