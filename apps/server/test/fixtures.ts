import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { makeUser, type TestUser } from './factories';

export type { TestUser } from './factories';

/** A user in a department (created when missing); kept for the tests written before factories. */
export async function createUser(
  db: Db,
  role: 'admin' | 'staff' = 'staff',
  overrides: { departmentName?: string } = {},
): Promise<TestUser> {
  return makeUser(db, { role, department: overrides.departmentName });
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
