import type { Kysely } from 'kysely';
import { Batcher } from '../../core/batcher';
import type { OrgClock, Today } from '../../core/clock';
import { notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { attendanceUpdate } from './attendance.presenter';
import { insertRecordsAnnounced, type RecordRow } from './attendance.repository';
import { isLate } from './attendance.rules';
import { siteToday, todaysSpan } from './person-site';
import { personSites } from './person-site.repository';
import { findUserSchedules } from './schedules.repository';

interface CheckIn {
  userId: number;
}

/** The person's today (their site's) and its new record, or null when they had one; or why it failed. */
type Outcome = { today: Today; record: RecordRow | null } | { error: unknown };

/**
 * Web check-ins, written in group commits: check-ins that arrive while a batch is being written
 * go out together in the next one, as one statement (schedules read once, one insert, one run of
 * the rollup trigger, one commit). A commit that logs an event holds the event log's commit
 * lock, one per server, until its WAL is flushed: one commit per check-in would make the morning's
 * check-ins queue behind each other's disk flush (about 300 a second here), whatever the number
 * of connections. A lone check-in is written at once; a batch that fails is retried one by one,
 * so one bad check-in cannot fail its neighbours.
 */
export class CheckIns {
  private readonly batcher = new Batcher<CheckIn, Outcome>((items) => this.writeBatch(items), 2, 500);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  /**
   * The person's today (dated on their site's clock) and its new record, which is null when they
   * had one already.
   */
  async checkIn(userId: number): Promise<{ today: Today; record: RecordRow | null }> {
    const outcome = await this.batcher.submit({ userId });
    if ('error' in outcome) throw outcome.error;
    return outcome;
  }

  private async writeBatch(items: CheckIn[]): Promise<Outcome[]> {
    try {
      return await this.write(items);
    } catch (error) {
      if (items.length === 1) return [{ error }];
      const outcomes: Outcome[] = [];
      for (const item of items) outcomes.push(...(await this.writeBatch([item])));
      return outcomes;
    }
  }

  private async write(items: CheckIn[]): Promise<Outcome[]> {
    const userIds = [...new Set(items.map((i) => i.userId))];
    // The people's sites and schedules are read side by side: the schedules over every site's
    // today (a day or two), whichever each person's turns out to be.
    const todays = await this.clock.todays();
    const [sites, schedules] = await Promise.all([
      personSites(this.db, userIds),
      findUserSchedules(this.db, userIds, todaysSpan(todays)),
    ]);
    const dayOf = new Map<number, Today>();
    for (const [userId, siteId] of sites) dayOf.set(userId, await siteToday(this.clock, todays, siteId));
    // A second check-in of the same person in this batch is refused like one coming after it:
    // only the first is written.
    const first = new Map<number, number>();
    items.forEach((item, i) => {
      if (schedules.has(item.userId) && dayOf.has(item.userId) && !first.has(item.userId))
        first.set(item.userId, i);
    });
    const written = await insertRecordsAnnounced(
      this.db,
      [...first.keys()].map((userId) => {
        const today = dayOf.get(userId)!;
        return {
          user_id: userId,
          date: today.date,
          check_in_time: today.now,
          late: isLate(schedules.get(userId)!, today.date, today.now, today.timeZone),
          source: 'web' as const,
          created_by: userId,
          payload: this.bus.encode(attendanceUpdate(userId, today.date, 'check_in')),
        };
      }),
      (payload) => this.bus.notificationOf(payload),
    );
    const byUser = new Map(written.map((r) => [r.user_id, r]));
    return items.map((item, i) => {
      const today = dayOf.get(item.userId);
      if (!schedules.has(item.userId) || !today) return { error: notFound('User') };
      return { today, record: first.get(item.userId) === i ? (byUser.get(item.userId) ?? null) : null };
    });
  }
}
