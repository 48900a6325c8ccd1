import type { QuickStats } from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import type { Database } from '../../db/schema';
import { toFootTraffic } from './counting.presenter';
import { totals } from './counting.repository';

/**
 * The dashboard's Daily Foot Traffic: today's entries and walk-in rate, and the change in
 * entries against the same weekday last week up to the same time of day (a morning is compared
 * with last week's morning, not with the whole day).
 */
export async function footTrafficToday(
  db: Kysely<Database>,
  clock: OrgClock,
  /** A site's counters on its own today; every counter on the organisation's when absent. */
  siteId?: number,
): Promise<Pick<QuickStats, 'dailyFootTraffic' | 'walkInRate' | 'footTrafficChange'>> {
  const today = await clock.today(siteId);
  const day = await clock.dayBounds(today.date, siteId);
  const weekAgo = await clock.dayBounds(addDays(today.date, -7), siteId);
  const elapsed = Math.min(today.now.getTime(), day.end.getTime()) - day.start.getTime();
  const [now, before] = await Promise.all([
    totals(db, day.start, day.end, undefined, siteId),
    totals(db, weekAgo.start, new Date(weekAgo.start.getTime() + Math.max(elapsed, 0)), undefined, siteId),
  ]);
  return toFootTraffic(now, before);
}
