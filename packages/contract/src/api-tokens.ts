import { z } from 'zod';
import { Cursor, IdParam, QueryInt, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Action } from './policies';

/**
 * API tokens: credentials another system presents as `Authorization: Bearer atr_...`. A token acts
 * organisation-wide for exactly its scopes, which are policy actions (POLICIES), and nothing else.
 */

/** Every token starts with this, so the server tells it from a session's access token at a glance. */
export const API_TOKEN_PREFIX = 'atr_';

/** The longest a token may live: a year (366 days, so "a year from today" always fits). */
export const API_TOKEN_MAX_DAYS = 366;

/** Requests one token may make per minute before it is answered 429. */
export const API_TOKEN_RATE_PER_MINUTE = 600;

/**
 * The policy actions a token may be given, with the words the Organisation screen shows. Only
 * actions whose administrator reach is organisation-wide; never a person's own account, session
 * or settings (`account.self`, `organisation.manage`, which holds single sign-on's settings).
 */
export const TOKEN_SCOPES = [
  { action: 'attendance.view', label: 'Read attendance' },
  { action: 'attendance.export', label: 'Export attendance (CSV)' },
  { action: 'attendance.manage', label: 'Manage attendance records' },
  { action: 'leave.view', label: 'Read leave' },
  { action: 'leave.types', label: 'Read leave types' },
  { action: 'leave.decide', label: 'Approve and reject leave' },
  { action: 'people.view', label: 'Read people' },
  { action: 'people.manage', label: 'Manage people' },
  { action: 'people.departments', label: 'Read departments' },
  { action: 'organisation.calendar', label: 'Read public holidays' },
  { action: 'sites.view', label: 'Read sites' },
  { action: 'access.view', label: 'Read access events, devices and alerts' },
  { action: 'counting.view', label: 'Read people counting' },
  { action: 'reports.view', label: 'Read reports' },
  { action: 'dashboard.organisation', label: 'Read organisation figures' },
  { action: 'system.health', label: 'Read system health' },
] as const satisfies readonly { action: Action; label: string }[];

export type TokenScope = (typeof TOKEN_SCOPES)[number]['action'];
const scopeActions = TOKEN_SCOPES.map((s) => s.action) as [TokenScope, ...TokenScope[]];
export const TokenScope = z.enum(scopeActions, {
  error: `must be one of ${scopeActions.join(', ')}`,
});

export const CreateApiTokenRequest = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' }),
  scopes: z
    .array(TokenScope, { error: 'must be a list of scopes' })
    .min(1, { error: 'must name at least one scope' })
    .max(scopeActions.length, { error: `must have at most ${scopeActions.length} scopes` }),
  /** When the token stops working: in the future, at most API_TOKEN_MAX_DAYS ahead (checked by the server). */
  expiresAt: Timestamp,
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

/** `active` until it expires or is revoked, whichever comes first. */
export const ApiTokenStatus = z.enum(['active', 'expired', 'revoked']);
export type ApiTokenStatus = z.infer<typeof ApiTokenStatus>;

const PersonRef = z.object({ id: z.number().int(), name: z.string() });

/** A token as listed: never its secret. */
export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, e.g. `atr_Ab3d`, to recognise it by. */
  prefix: z.string(),
  scopes: z.array(TokenScope),
  /** Null once that person's record is gone. */
  created_by: PersonRef.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revokedBy: PersonRef.nullable(),
  status: ApiTokenStatus,
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer to a create: the token and, this once only, its secret. */
export const CreatedApiToken = z.object({
  api_token: ApiToken,
  /** The secret to send as `Authorization: Bearer <token>`; Atrium keeps only its hash. */
  token: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokensQuery = z.object({
  cursor: Cursor.optional(),
  limit: QueryInt(1, 100).default(50),
});
export type ApiTokensQuery = z.infer<typeof ApiTokensQuery>;

export const ApiTokensResponse = z.object({
  tokens: z.array(ApiToken),
  /** Pass as `cursor` for the next page; null when there is no more. */
  next_cursor: z.string().nullable(),
});
export type ApiTokensResponse = z.infer<typeof ApiTokensResponse>;

export const apiTokensApi = {
  list: endpoint({
    method: 'GET',
    path: '/tokens',
    audience: 'admin',
    summary: 'API tokens, newest first (never their secrets)',
    query: ApiTokensQuery,
    response: ApiTokensResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/tokens',
    audience: 'admin',
    summary: 'Create an API token; its secret is answered this once',
    status: 201,
    body: CreateApiTokenRequest,
    response: CreatedApiToken,
  }),
  /** Revoking takes effect on every process before the answer; revoking twice changes nothing. */
  revoke: endpoint({
    method: 'DELETE',
    path: '/tokens/:id',
    audience: 'admin',
    summary: 'Revoke an API token',
    params: z.object({ id: IdParam }),
    response: ApiToken,
  }),
};
