import { z } from 'zod';
import { endpoint } from './endpoint';

/** The role an administrator gives a person. */
export const Role = z.enum(['admin', 'staff']);
export type Role = z.infer<typeof Role>;

/**
 * The role a signed-in person acts in: their given role, except that a staff member who manages a
 * department (issue 31) acts as a manager. It follows the department's managers, not a setting.
 */
export const SessionRole = z.enum(['admin', 'manager', 'staff']);
export type SessionRole = z.infer<typeof SessionRole>;

export const User = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: SessionRole,
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const LoginRequest = z.object({
  email: z
    .email({ error: 'must be a valid email address' })
    .max(254, { error: 'must be at most 254 characters' }),
  password: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(1024, { error: 'must be at most 1024 characters' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * A password someone chooses (own change, invitation, reset): at least 10 characters. The server
 * also refuses the most common passwords (a list of 20,000 it ships).
 */
export const NewPassword = z
  .string({ error: 'is required' })
  .min(10, { error: 'must be at least 10 characters' })
  .max(256, { error: 'must be at most 256 characters' });

export const LoginResponse = z.object({ token: z.string(), user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z.object({ user: User });
export type MeResponse = z.infer<typeof MeResponse>;

export const RefreshResponse = z.object({ token: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** Public facts the login page needs before anyone signs in. */
export const AppInfo = z.object({
  name: z.string(),
  /** The organisation's name as its administrators set it: the top bar and exports show it. */
  organisationName: z.string(),
  demo: z.boolean(),
  /**
   * Whether the published demo accounts sign in with their published passwords here; the login
   * page offers its Demo Accounts block only then, so it never offers credentials that fail.
   */
  demoAccounts: z.boolean(),
  /** "Sign in with <name>" on the login page, when single sign-on is on. */
  sso: z.object({ name: z.string() }).nullable(),
  /** Off when people sign in through the identity provider only (administrators still may). */
  passwordLogin: z.boolean(),
  /** The organisation's IANA time zone: screens show and take times on its clock. */
  timezone: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    audience: 'public',
    summary: 'Sign in: an access token, and the refresh cookie',
    body: LoginRequest,
    response: LoginResponse,
  }),
  me: endpoint({ method: 'GET', path: '/auth/me', audience: 'user', response: MeResponse }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    audience: 'user',
    summary: 'End this session: its tokens stop working at once',
    response: OkResponse,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    audience: 'public',
    summary: 'A new access token for the refresh cookie (which is rotated)',
    response: RefreshResponse,
  }),
};
