import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** Advisory lock class of one address's forgot-password requests (see the other 7_150_xxx ones). */
const RESET_LOCK_CLASS = 7_150_233;

/** Serialises one address's requests, so parallel ones count each other. */
export async function lockResetAddress(db: Kysely<Database>, emailHash: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${RESET_LOCK_CLASS}, hashtext(${emailHash}))`.execute(db);
}

/** Counts one request, then how many this address and this client made since `since` (this one too). */
export async function recordResetRequest(
  db: Kysely<Database>,
  request: { emailHash: string; ip: string; at: Date; since: Date },
): Promise<{ address: number; client: number }> {
  await db
    .insertInto('password_reset_requests')
    .values({ email_hash: request.emailHash, ip: request.ip, at: request.at })
    .execute();
  const row = await db
    .selectFrom('password_reset_requests')
    .select([
      sql<number>`count(*) FILTER (WHERE email_hash = ${request.emailHash})::int`.as('address'),
      sql<number>`count(*) FILTER (WHERE ip = ${request.ip})::int`.as('client'),
    ])
    .where('at', '>', request.since)
    .where((eb) => eb.or([eb('email_hash', '=', request.emailHash), eb('ip', '=', request.ip)]))
    .executeTakeFirstOrThrow();
  return row;
}

/** Requests older than `before` count for nothing any more. */
export async function pruneResetRequests(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('password_reset_requests').where('at', '<', before).execute();
}

/** The active person with this address, if any: the only kind a reset link is mailed to. */
export async function findResettableAccount(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'email', sql<boolean>`password_hash IS NOT NULL`.as('has_password')])
    .where('email', '=', email)
    .where('active', '=', true)
    .executeTakeFirst();
}
