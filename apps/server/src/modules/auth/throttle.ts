import type { Kysely } from 'kysely';
import type { Now } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Database } from '../../db/schema';
import {
  countLoginFailures,
  type FailureCounts,
  lockLoginAccount,
  recordLoginFailure,
} from './auth.repository';

/*
 * Sign-in throttling after ASVS 6.1.1 / 6.3.1: it slows guessing without handing an attacker a
 * way to lock people out.
 * - Per account, failures count from every address (a botnet gains nothing by spreading), and
 *   each one past the free few makes the next attempt wait longer, up to a minute: the owner is
 *   slowed, never locked out, and one account sees at most about 60 guesses an hour.
 * - Per address, past many failures across accounts, only accounts that failed from that address
 *   are held back: an office NAT with an attacker behind it still lets colleagues with correct
 *   passwords in.
 * - A success forgives only its own address's failures, so the owner signing in elsewhere does
 *   not reset an attacker's count.
 */

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failures one account may collect (from anywhere, within the window) before attempts must wait. */
export const FREE_ACCOUNT_FAILURES = 5;
/** The longest wait between attempts on one account. */
export const MAX_ACCOUNT_DELAY_SECONDS = 60;
/** Failures from one address, across accounts, after which that address is throttled. */
export const MAX_IP_FAILURES = 50;

/** 0 for the first free failures, then 1, 2, 4 ... seconds, capped. */
export function accountDelaySeconds(failures: number): number {
  if (failures < FREE_ACCOUNT_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_ACCOUNT_FAILURES), MAX_ACCOUNT_DELAY_SECONDS);
}

/** Seconds the attempt must wait, or 0 when it may go ahead now. */
export function throttleWait(counts: FailureCounts): number {
  const delay = accountDelaySeconds(counts.account);
  const accountWait = delay > 0 ? Math.max(0, Math.ceil(delay - counts.accountIdleSeconds)) : 0;
  const addressWait =
    counts.ip >= MAX_IP_FAILURES && counts.pair > 0 ? Math.max(1, counts.pairRetryAfter) : 0;
  return Math.max(accountWait, addressWait);
}

function inWords(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/**
 * Admits one sign-in attempt, or refuses it with 429 and Retry-After. An admitted attempt is
 * recorded as a failure at once, under a per-account lock, so parallel guesses see each other;
 * the caller clears it when the password turns out right.
 */
export async function admitLoginAttempt(
  db: Kysely<Database>,
  email: string,
  ip: string,
  now: Now,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockLoginAccount(trx, email);
    // Read once the lock is held, not before: attempts queued behind it each count at their turn.
    const at = now();
    const wait = throttleWait(await countLoginFailures(trx, email, ip, at, LOGIN_WINDOW_SECONDS));
    if (wait > 0) {
      throw new AppError(
        'too_many_requests',
        `Too many failed sign-in attempts. Try again in ${inWords(wait)}.`,
        { retryAfterSeconds: wait },
        { 'retry-after': String(wait) },
      );
    }
    await recordLoginFailure(trx, email, ip, at);
  });
}
