import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { type Clock, localDate, organisationTimezone } from '../system/time';

/** What every leave service needs: the database, the live bus and "now". */
export interface LeaveDeps {
  db: Kysely<Database>;
  bus: EventBus;
  clock: Clock;
}

/** "Now" as an instant, and the organisation's date and year at that instant. */
export async function businessNow(deps: LeaveDeps) {
  const timeZone = await organisationTimezone(deps.db);
  const now = deps.clock();
  const today = localDate(now, timeZone);
  return { now, today, year: Number(today.slice(0, 4)), timeZone };
}
