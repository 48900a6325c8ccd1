import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { foldDepartmentDays } from './department-days.repository';

/** Often enough that the change log holds a few seconds of the morning's check-ins at most. */
const EVERY_MS = 2000;

/**
 * Folds the attendance rollup's change log on a timer (see 021). Several server processes may
 * fold at once: each change is moved by exactly one of them. Returns the stop function.
 */
export function scheduleDepartmentDaysFold(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    foldDepartmentDays(db)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
