import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function createSession(
  db: Db,
  s: { id: string; userId: number; maxAgeSeconds: number; ip: string; userAgent: string | undefined },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${s.maxAgeSeconds})`,
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/** A session that may act: not revoked, not past its absolute end, its user still active. */
export async function findLiveSession(db: Db, sessionId: string, userId: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'u.id as user_id', 'u.role'])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.active', '=', true)
    .executeTakeFirst();
}

export async function revokeSessions(db: Db, sessionIds: string[], reason: string): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
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

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string): Promise<void> {
  await db.insertInto('refresh_tokens').values({ session_id: sessionId, token_hash: tokenHash }).execute();
}

/** Locks the token row, so two refreshes with one token cannot both succeed. */
export async function lockRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      't.id',
      't.used_at',
      's.id as session_id',
      's.user_id',
      'u.active',
      sql<boolean>`s.revoked_at IS NULL AND s.expires_at > now()`.as('session_live'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .forUpdate('t')
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, id: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export interface FailureCounts {
  account: number;
  ip: number;
  /** Seconds until the oldest failure that counts leaves the window. */
  accountRetryAfter: number;
  ipRetryAfter: number;
}

export async function countLoginFailures(
  db: Db,
  email: string,
  ip: string,
  windowSeconds: number,
): Promise<FailureCounts> {
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE email = ${email})`.as('account'),
      sql<number>`count(*)`.as('ip'),
      sql<number>`coalesce(ceil(extract(epoch FROM min(at) FILTER (WHERE email = ${email}) + make_interval(secs => ${windowSeconds}) - now())), 0)`.as(
        'account_retry',
      ),
      sql<number>`coalesce(ceil(extract(epoch FROM min(at) + make_interval(secs => ${windowSeconds}) - now())), 0)`.as(
        'ip_retry',
      ),
    ])
    .where('ip', '=', ip)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirstOrThrow();
  return {
    account: Number(row.account),
    ip: Number(row.ip),
    accountRetryAfter: Number(row.account_retry),
    ipRetryAfter: Number(row.ip_retry),
  };
}

export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string,
  windowSeconds: number,
): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip }).execute();
  // Rows past the window no longer count; dropping them here keeps the table small.
  await db
    .deleteFrom('login_failures')
    .where('ip', '=', ip)
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .execute();
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
