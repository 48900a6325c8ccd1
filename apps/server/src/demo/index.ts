import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { seedDepartmentManagers, seedLeaveRouting } from './managers';
import { seedOrganisation } from './organisation';
import { seedSecondSite } from './second-site';

/** Runs at every demo start after the attendance seed: the building once, passages up to today. */
export { seedDemoAccess } from './access';
/** Runs at every demo start, after seedDemo: attendance history must reach today. */
export { seedDemoAttendance } from './attendance';
/** Runs at every demo start after the leave seed: a couple of waiting correction requests, once. */
export { seedDemoCorrections } from './corrections';
/** Runs at every demo start: the two people counters once, then 15-minute windows up to now. */
export { seedDemoCounting } from './counting';
/** Runs at every demo start after the attendance seed: leave history once, then keeps the two consistent. */
export { seedDemoLeave } from './leave';

const SEED_LOCK = 7_150_222;

/**
 * Seeds the demo organisation once. A marker in settings records it, so later starts, and
 * several processes starting together, never seed twice.
 */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const marker = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    if (marker) return false;
    await seedOrganisation(trx);
    await seedSecondSite(trx);
    await seedDepartmentManagers(trx);
    await seedLeaveRouting(trx);
    await trx
      .insertInto('settings')
      .values({ key: 'demo_seeded_at', value: JSON.stringify(new Date().toISOString()) })
      .execute();
    return true;
  });
}
