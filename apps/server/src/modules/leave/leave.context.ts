import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';

/** What every leave service needs: the database, the live bus and the organisation's clock. */
export interface LeaveDeps {
  db: Kysely<Database>;
  bus: EventBus;
  clock: OrgClock;
}
