import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actingRole } from './standing.repository';

type Db = Kysely<Database>;

export interface ProfileRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  badge_number: string;
  role: string;
  department_name: string | null;
  start_date: string | null;
}

/** A person's own details for their profile page. */
export async function findProfile(db: Db, userId: number, today: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.employee_number',
      'u.badge_number',
      actingRole(today).as('role'),
      'd.name as department_name',
      'u.start_date',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What checking a person's own password needs: the email the sign-in throttle counts by, and the hash. */
export async function findCredentials(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Replaces the hash only if it is still the one that was checked: of two changes racing with the
 * same current password, the second finds it changed and does nothing. True when it was replaced.
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  checkedHash: string,
  newHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The most sessions a person's list shows; "sign out everywhere else" reaches them all. */
export const SESSION_LIST_LIMIT = 100;

/**
 * A person's live sessions (not revoked, not past their end), the given one first, then newest
 * first. sessions_user_idx holds only unrevoked rows, so this reads a handful.
 */
export interface LiveSessionRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

export async function listLiveSessionsOf(
  db: Db,
  userId: number,
  currentId: string,
  now: Date,
): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy((eb) => eb('id', '=', currentId), 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SESSION_LIST_LIMIT)
    .execute();
}

/** The ids of a person's live sessions other than `exceptId`. */
export async function otherLiveSessionIds(db: Db, userId: number, exceptId: string, now: Date) {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '<>', exceptId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether this live session belongs to the person: the only way to reach a session by id. */
export async function ownsLiveSession(db: Db, userId: number, sessionId: string, now: Date) {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** A person's choice of optional mails (051). */
export async function findMailPreferences(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['mail_leave_updates', 'mail_device_alerts'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets them, answering the values before (for the audit row); undefined for an unknown person. */
export async function replaceMailPreferences(
  db: Db,
  userId: number,
  values: { mail_leave_updates: boolean; mail_device_alerts: boolean },
) {
  const before = await db
    .selectFrom('users')
    .select(['mail_leave_updates', 'mail_device_alerts'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
  return before;
}
