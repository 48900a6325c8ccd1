import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import type { OrgClock } from '../system/clock';

/** What every leave service needs: the database, the live bus and the organisation's clock. */
export interface LeaveDeps {
  db: Kysely<Database>;
  bus: EventBus;
  clock: OrgClock;
}
