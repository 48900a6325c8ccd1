import type { Kysely } from 'kysely';
import { Batcher } from '../../core/batcher';
import type { Today } from '../../core/clock';
import { notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { attendanceUpdate } from './attendance.presenter';
import { insertRecordsAnnounced, type RecordRow } from './attendance.repository';
import { isLate } from './attendance.rules';
import { findUserSchedules } from './schedules.repository';

interface CheckIn {
  userId: number;
  today: Today;
}

/** The new record, null when the person already had one that day, or why it failed. */
type Outcome = RecordRow | null | { error: unknown };

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
  ) {}

  /** The person's record of `today.date`, or undefined when they had one already. */
  async checkIn(userId: number, today: Today): Promise<RecordRow | undefined> {
    const outcome = await this.batcher.submit({ userId, today });
    if (outcome && 'error' in outcome) throw outcome.error;
    return outcome ?? undefined;
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
    const dates = items.map((i) => i.today.date).sort();
    const schedules = await findUserSchedules(this.db, [...new Set(items.map((i) => i.userId))], {
      from: dates[0]!,
      to: dates.at(-1)!,
    });
    // A second check-in of the same person and day in this batch is refused like one coming
    // after it: only the first is written.
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const key = `${item.userId}|${item.today.date}`;
      if (schedules.has(item.userId) && !first.has(key)) first.set(key, i);
    });
    const written = await insertRecordsAnnounced(
      this.db,
      [...first.values()].map((i) => {
        const { userId, today } = items[i]!;
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
    const byKey = new Map(written.map((r) => [`${r.user_id}|${r.date}`, r]));
    return items.map((item, i) => {
      if (!schedules.has(item.userId)) return { error: notFound('User') };
      const key = `${item.userId}|${item.today.date}`;
      return first.get(key) === i ? (byKey.get(key) ?? null) : null;
    });
  }
}
