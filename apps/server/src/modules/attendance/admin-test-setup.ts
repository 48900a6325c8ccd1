import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/context';
import { createUser, type LoggedIn, login, type TestUser } from '../../../test/fixtures';

/**
 * Shared set-up of the admin attendance test files: a fresh database in Europe/London, the clock
 * fixed at Wednesday 8 July 2026 15:00 BST, and a signed-in admin.
 */
export const NOW = new Date('2026-07-08T14:00:00Z');

export interface AdminSuite {
  database: TestDatabase;
  t: TestApp;
  admin: LoggedIn;
  adminUser: TestUser;
}

export function adminSuite(): AdminSuite {
  const suite = {} as AdminSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    await suite.database.db
      .insertInto('settings')
      .values({ key: 'timezone', value: JSON.stringify('Europe/London') })
      .execute();
    suite.t = await startTestApp(suite.database, {}, () => NOW);
    suite.adminUser = await createUser(suite.database.db, 'admin', { departmentName: 'Admins' });
    suite.admin = await login(suite.t.app, suite.adminUser);
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.database.drop();
  });
  return suite;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function helpers(suite: AdminSuite) {
  const call = (method: Method, url: string, session: LoggedIn, payload?: object) =>
    suite.t.app.inject({ method, url, headers: session.auth, payload });

  /** A team in its own department, so each test counts only its own people. */
  async function team(name: string, size: number): Promise<TestUser[]> {
    const people: TestUser[] = [];
    for (let i = 0; i < size; i++)
      people.push(await createUser(suite.database.db, 'staff', { departmentName: name }));
    return people;
  }

  async function departmentId(name: string): Promise<number> {
    return (
      await suite.database.db
        .selectFrom('departments')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function record(user: { id: number }, date: string, inUtc: string, outUtc: string | null = null) {
    return suite.database.db
      .insertInto('attendance_records')
      .values({
        user_id: user.id,
        date,
        check_in_time: new Date(`${date}T${inUtc}Z`),
        check_out_time: outUtc ? new Date(`${date}T${outUtc}Z`) : null,
        source: 'web',
        created_by: user.id,
        updated_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  const audits = (action: string, targetId: number) =>
    suite.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .execute();

  return { call, team, departmentId, record, audits };
}
