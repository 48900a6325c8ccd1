import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';
import { seedOrganisation } from './organisation';

/** Runs at every demo start, after seedDemo: attendance history must reach today. */
export { seedDemoAttendance } from './attendance';
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
    await trx
      .insertInto('settings')
      .values({ key: 'demo_seeded_at', value: JSON.stringify(new Date().toISOString()) })
      .execute();
    return true;
  });
}
