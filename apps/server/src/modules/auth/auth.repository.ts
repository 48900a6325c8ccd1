import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { actingRole, standingChangesOn, teamDepartmentIds } from './standing.repository';

type Db = Kysely<Database>;

export async function createSession(
  db: Db,
  s: {
    id: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string | undefined;
    /** Opened by single sign-on: the provider, the person there, and their session there. */
    sso?: { issuer: string; subject: string; sid: string | null };
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 500) ?? null,
      sso_issuer: s.sso?.issuer ?? null,
      sso_subject: s.sso?.subject ?? null,
      sso_sid: s.sso?.sid ?? null,
    })
    .execute();
}

/**
 * A session that may act at `now` (the organisation's date `today`): not revoked, not past its
 * absolute end, its user still active; with the role and team they act in today, and the sites
 * they administer when limited to some.
 */
export async function findLiveSession(db: Db, sessionId: string, userId: number, now: Date, today: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      'u.id as user_id',
      actingRole(today).as('role'),
      teamDepartmentIds(today).as('team'),
      sql<
        number[] | null
      >`(SELECT array_agg(sa.site_id ORDER BY sa.site_id) FROM site_admins sa WHERE sa.user_id = u.id)`.as(
        'site_ids',
      ),
      standingChangesOn(today).as('changes_on'),
      's.expires_at',
    ])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('u.active', '=', true)
    .executeTakeFirst();
}

/** Of these sessions, the ones still live, with their user's current role: one query for many sockets. */
export async function findLiveSessions(db: Db, sessionIds: string[], now: Date, today: string) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'u.id as user_id', actingRole(today).as('role')])
    .where('s.id', 'in', sessionIds)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('u.active', '=', true)
    .execute();
}

export async function revokeSessions(
  db: Db,
  sessionIds: string[],
  reason: string,
  now: Date,
): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function liveSessionIdsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertRefreshToken(
  db: Db,
  sessionId: string,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: tokenHash, created_at: now })
    .execute();
}

/**
 * Locks the token row, so two refreshes with one token run one after the other: the second sees
 * the first one's rotation. `in_grace`: it was rotated after `graceSince`; `session_live`: at `now`.
 */
export async function lockRefreshToken(db: Db, tokenHash: string, graceSince: Date, now: Date) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      't.id',
      't.used_at',
      sql<boolean>`coalesce(t.used_at > ${graceSince}, false)`.as('in_grace'),
      's.id as session_id',
      's.user_id',
      'u.active',
      sql<boolean>`s.revoked_at IS NULL AND s.expires_at > ${now}`.as('session_live'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .forUpdate('t')
    .executeTakeFirst();
}

/** A token of this session by hash: whether it was rotated, and whether after `graceSince`. */
export async function findSessionRefreshToken(
  db: Db,
  sessionId: string,
  tokenHash: string,
  graceSince: Date,
) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'used_at', sql<boolean>`coalesce(used_at > ${graceSince}, false)`.as('in_grace')])
    .where('session_id', '=', sessionId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', id).execute();
}

export interface FailureCounts {
  /** Failures for this account from any address within the window. */
  account: number;
  /** Seconds since the account's latest failure (0 without one). */
  accountIdleSeconds: number;
  /** Failures from this address, any account, within the window. */
  ip: number;
  /** Failures for this account from this address within the window. */
  pair: number;
  /** Seconds until the latest of those leaves the window. */
  pairRetryAfter: number;
}

const LOGIN_LOCK_CLASS = 7_150_223;

/** Serialises sign-in attempts for one account (for the transaction), so parallel guesses queue. */
export async function lockLoginAccount(db: Db, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}, hashtext(${email}))`.execute(db);
}

/** The failures within the window that ends at `now`. */
export async function countLoginFailures(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  windowSeconds: number,
): Promise<FailureCounts> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE email = ${email})`.as('account'),
      sql<number>`coalesce(extract(epoch FROM ${now}::timestamptz - max(at) FILTER (WHERE email = ${email})), 0)`.as(
        'account_idle',
      ),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})`.as('ip'),
      sql<number>`count(*) FILTER (WHERE email = ${email} AND ip = ${ip})`.as('pair'),
      sql<number>`coalesce(ceil(extract(epoch FROM max(at) FILTER (WHERE email = ${email} AND ip = ${ip}) - ${windowStart}::timestamptz)), 0)`.as(
        'pair_retry',
      ),
    ])
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .where('at', '>', windowStart)
    .executeTakeFirstOrThrow();
  return {
    account: Number(row.account),
    accountIdleSeconds: Number(row.account_idle),
    ip: Number(row.ip),
    pair: Number(row.pair),
    pairRetryAfter: Number(row.pair_retry),
  };
}

/**
 * Records an attempt as a failure before its password is checked, so parallel attempts count
 * each other; a success takes it back (clearLoginFailuresFrom).
 */
export async function recordLoginFailure(db: Db, email: string, ip: string, at: Date): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip, at }).execute();
}

/** Rows before `windowStart` no longer count; dropping this account's and address's keeps the table small. */
export async function pruneLoginFailures(
  db: Db,
  email: string,
  ip: string,
  windowStart: Date,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .where('at', '<', windowStart)
    .execute();
}

/** A success forgives the owner's own typos from this address, never failures from elsewhere. */
export async function clearLoginFailuresFrom(db: Db, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}

/**
 * A user as the API shows one (User): the login, the session and the people list read it. The
 * people list shows the role given (`u.role`), a session the role acted in on `actingOn`.
 */
export function publicUsers(db: Kysely<Database>, actingOn?: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      actingOn === undefined ? 'u.role' : actingRole(actingOn).as('role'),
      'u.department_id',
      'd.name as department_name',
    ]);
}

/** A person as everyone may see them: name, email, role, department. */
export interface PublicUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  department_id: number | null;
  department_name: string | null;
}

/** The signed-in person as their session shows them: the role is the one they act in (standing.repository.ts). */
export async function findPublicUser(
  db: Kysely<Database>,
  id: number,
  today: string,
): Promise<PublicUserRow | undefined> {
  return publicUsers(db, today).where('u.id', '=', id).executeTakeFirst();
}

export async function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'role'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The stored password hashes of these accounts, to see whether a published password still works. */
export async function loginHashesOf(db: Kysely<Database>, emails: string[]) {
  return db
    .selectFrom('users')
    .select(['email', 'password_hash', 'active'])
    .where('email', 'in', emails)
    .execute();
}
