import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { hashPassword } from '../src/modules/auth/passwords';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: 'admin' | 'staff';
}

let departmentId: number | undefined;

export async function createUser(
  db: Db,
  role: 'admin' | 'staff' = 'staff',
  overrides: { departmentName?: string } = {},
): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const departmentName = overrides.departmentName ?? 'Test Department';
  const department =
    (await db.selectFrom('departments').select('id').where('name', '=', departmentName).executeTakeFirst()) ??
    (await db
      .insertInto('departments')
      .values({ name: departmentName })
      .returning('id')
      .executeTakeFirstOrThrow());
  departmentId = department.id;
  const password = `pw-${tag}-Secret!`;
  const email = `${role}-${tag}@example.test`;
  const row = await db
    .insertInto('users')
    .values({
      employee_number: `T-${tag}`,
      badge_number: `TB-${tag}`,
      first_name: role === 'admin' ? 'Ada' : 'Sam',
      last_name: `Tester${tag}`,
      email,
      password_hash: await hashPassword(password),
      role,
      department_id: departmentId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, role };
}

export interface LoggedIn {
  token: string;
  refreshCookie: string;
  auth: { authorization: string };
}

export function refreshCookieOf(setCookie: string | string[] | undefined): string {
  const header = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('atrium_refresh='));
  if (!header) throw new Error('no refresh cookie was set');
  return header.split(';')[0]!;
}

export async function login(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  ip = '10.0.0.1',
): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  return {
    token,
    refreshCookie: refreshCookieOf(res.headers['set-cookie']),
    auth: { authorization: `Bearer ${token}` },
  };
}
