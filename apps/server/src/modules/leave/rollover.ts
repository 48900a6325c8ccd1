import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import type { Database } from '../../db/schema';
import { rollOverLeaveYear } from './balances';

/** Often enough that the first hours of a new year are covered; the work is idempotent. */
const EVERY_MS = 6 * 3_600_000;

/**
 * Runs the year-end carry forward for the year before "now", at start and then every few hours.
 * Balances read before it runs are still right: reading a balance carries forward lazily.
 * Several server processes may run it at once; the ledger's unique indexes keep one line each.
 */
export function scheduleLeaveYearRollover(
  db: Kysely<Database>,
  clock: OrgClock,
  onError: (error: unknown) => void,
): () => void {
  const run = async () => {
    const { year } = await clock.today();
    await rollOverLeaveYear(db, year - 1);
  };
  run().catch(onError);
  const timer = setInterval(() => run().catch(onError), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
