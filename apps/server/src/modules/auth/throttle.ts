import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { countLoginFailures } from './auth.repository';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed for one account from one address within the window. */
export const MAX_ACCOUNT_FAILURES = 5;
/** Failed logins allowed from one address across all accounts within the window. */
export const MAX_IP_FAILURES = 50;

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Refuses a login attempt once too many have failed; counts only this account or this address. */
export async function checkLoginThrottle(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const counts = await countLoginFailures(db, email, ip, LOGIN_WINDOW_SECONDS);
  const retryAfter =
    counts.account >= MAX_ACCOUNT_FAILURES
      ? counts.accountRetryAfter
      : counts.ip >= MAX_IP_FAILURES
        ? counts.ipRetryAfter
        : undefined;
  if (retryAfter === undefined) return;
  const seconds = Math.max(1, retryAfter);
  throw new AppError(
    'too_many_requests',
    `Too many failed sign-in attempts. Try again in ${minutes(seconds)}.`,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}
