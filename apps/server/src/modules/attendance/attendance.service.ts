import type { AttendanceAction, AttendanceStats, MyStatus } from '@atrium/contract';
import { addDays, monthRange } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { Batcher } from '../../core/batcher';
import type { OrgClock, SiteToday, Today } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { type Changes, FreshCache } from '../../core/events/changes';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { attendanceUpdate, statusOf, toAttendanceStats } from './attendance.presenter';
import { findRecord, recordsBetween, setCheckOutIfOpen } from './attendance.repository';
import { isEarlyExit, isScheduledOn } from './attendance.rules';
import { CheckIns } from './check-ins';
import { isNightShift, ongoingRecord } from './night-shift';
import type { DayKind } from './person-day';
import { personDayKinds, personSpan } from './person-day.repository';
import { personToday, siteToday, todaysKey, todaysSpan } from './person-site';
import { personSites } from './person-site.repository';
import { type Dates, findUserSchedule, type Schedule } from './schedules.repository';
import { findTodayRecords, type TodayRecord } from './today-records.repository';

/**
 * Status reads in flight at once; those arriving meanwhile wait and go out together in the next
 * one. Every person's dashboard asks for its status: at a shift's start they come in hundreds a
 * second, and a round trip each (a socket write and wake-up on both sides) cost more than the
 * statement. A lone read goes out at once, and a read asked after a write answered is in a batch
 * sent after it, so it sees the write.
 */
const STATUS_READS_IN_FLIGHT = 2;

/**
 * A person's record of the day is read again after any change (an event of any process, a change
 * request of this one) and at least once a second: a dashboard's reloads and a person's several
 * tabs ask for it many times between changes. The status itself is worked out on every read, as
 * it moves with the clock.
 */
const OWN_RECORD_TTL_MS = 1000;
/** People whose record of the day is kept: those who asked in the last second, at most. */
const OWN_RECORDS_KEPT = 20_000;

/** How far back a streak is followed. */
const STREAK_LOOKBACK_DAYS = 400;

/** Self-service attendance: the signed-in person's own day, check-in/out and statistics. */
export class AttendanceService {
  /** The morning's busiest write goes out in group commits. */
  private readonly checkIns: CheckIns;
  /** Status reads (each person's site and record of its today), STATUS_READS_IN_FLIGHT at a time. */
  private readonly records: Batcher<number, TodayRecord | undefined>;
  /** Records of the day read since the last change, by person and the sites' dates. */
  private readonly ownRecords: FreshCache<TodayRecord | undefined>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    changes: Changes,
  ) {
    this.checkIns = new CheckIns(db, bus, clock);
    this.records = new Batcher(
      async (userIds) => findTodayRecords(db, userIds, await clock.todays()),
      STATUS_READS_IN_FLIGHT,
    );
    this.ownRecords = new FreshCache(changes, OWN_RECORD_TTL_MS, OWN_RECORDS_KEPT);
  }

  async myStatus(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const { userId } = actor;
    const todays = await this.clock.todays();
    const own = await this.ownRecords.get(`${userId} ${todaysKey(todays)}`, () =>
      this.records.submit(userId),
    );
    if (!own) throw notFound('User');
    const shown = ongoingRecord(own.record, await siteToday(this.clock, todays, own.siteId));
    return statusOf(shown.record, shown.today);
  }

  async checkIn(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const { today, record } = await this.checkIns.checkIn(actor.userId);
    if (!record) throw new AppError('conflict', 'Already checked in today');
    return statusOf(record, today);
  }

  async checkOut(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const { today, schedule } = await this.personDay(actor.userId);
    const record = await this.db.transaction().execute(async (trx) => {
      const early = isEarlyExit(schedule, today.date, today.now, today.timeZone);
      let updated = await setCheckOutIfOpen(trx, actor.userId, today.date, today.now, early);
      const existing = updated ? undefined : await findRecord(trx, actor.userId, today.date);
      // No record today: the night shift begun yesterday ends (night-shift.ts).
      if (!updated && !existing) updated = await this.endNightShift(trx, actor.userId, today, schedule);
      if (!updated)
        throw new AppError(
          'conflict',
          existing ? 'Already checked out today' : 'You have not checked in today',
        );
      await this.publish(trx, actor.userId, updated.date, 'check_out');
      return updated;
    });
    return statusOf(record, { ...today, date: record.date });
  }

  /**
   * Counts the days person-day.ts makes worked or absent (scheduled workdays of their employment
   * without approved leave, each under the schedule in force that day; public holidays are
   * nobody's workday); today counts once it has a check-in.
   */
  async stats(actor: Actor, month?: string): Promise<AttendanceStats> {
    authorize(actor, 'attendance.self');
    const today = await personToday(this.db, this.clock, actor.userId);
    const shown = month ?? today.date.slice(0, 7);
    const { start, end } = monthRange(shown);
    const lookback = addDays(today.date, -STREAK_LOOKBACK_DAYS);
    const from = start < lookback ? start : lookback;
    const to = end > today.date ? end : today.date;
    const [schedule, span, records, recent] = await Promise.all([
      this.scheduleOf(actor.userId, { from, to }),
      personSpan(this.db, actor.userId, from, to),
      recordsBetween(this.db, actor.userId, start, end),
      recordsBetween(this.db, actor.userId, lookback, today.date),
    ]);
    const kind = personDayKinds(
      schedule,
      span,
      new Set([...records, ...recent].map((r) => r.date)),
      today.date,
    );

    let totalDays = 0;
    let presentDays = 0;
    for (let d = start; d <= end && d <= today.date; d = addDays(d, 1)) {
      const k = kind(d);
      if (k === 'absent' && d !== today.date) totalDays += 1;
      if (k === 'worked' && isScheduledOn(schedule, d)) {
        totalDays += 1;
        presentDays += 1;
      }
    }
    const streak = streakOf(kind, (d) => isScheduledOn(schedule, d), today.date, lookback);
    return toAttendanceStats(shown, { total: totalDays, present: presentDays, streak }, records);
  }

  /** Checks out of yesterday's record when it is a night shift still under way. */
  private async endNightShift(trx: Kysely<Database>, userId: number, today: Today, schedule: Schedule) {
    const yesterday = addDays(today.date, -1);
    const open = await findRecord(trx, userId, yesterday);
    if (!open || !isNightShift(open, today.date, today.now)) return undefined;
    const early = isEarlyExit(schedule, yesterday, today.now, today.timeZone);
    return setCheckOutIfOpen(trx, userId, yesterday, today.now, early);
  }

  /**
   * A person's today on their site's clock and their schedule, read side by side: the schedule
   * over every site's today (and the day before, a night shift's), whichever theirs turns out to be.
   */
  private async personDay(userId: number): Promise<{ today: SiteToday; schedule: Schedule }> {
    const todays = await this.clock.todays();
    const span = todaysSpan(todays);
    const [sites, schedule] = await Promise.all([
      personSites(this.db, [userId]),
      findUserSchedule(this.db, userId, { ...span, from: addDays(span.from, -1) }),
    ]);
    const siteId = sites.get(userId);
    if (siteId === undefined || !schedule) throw notFound('User');
    return { today: await siteToday(this.clock, todays, siteId), schedule };
  }

  private async scheduleOf(userId: number, dates: Dates): Promise<Schedule> {
    const schedule = await findUserSchedule(this.db, userId, dates);
    if (!schedule) throw notFound('User');
    return schedule;
  }

  private async publish(trx: Kysely<Database>, userId: number, date: string, action: AttendanceAction) {
    await this.bus.publish(attendanceUpdate(userId, date, action), trx);
  }
}

/**
 * Consecutive workdays with a check-in, back from today: leave, holidays, days off and work on
 * them neither add nor break it, nor does today without a check-in yet; the start of employment ends it.
 */
function streakOf(
  kind: (date: string) => DayKind,
  scheduled: (date: string) => boolean,
  today: string,
  from: string,
): number {
  let streak = 0;
  for (let d = today; d > from; d = addDays(d, -1)) {
    const k = kind(d);
    if (k === 'worked') streak += scheduled(d) ? 1 : 0;
    else if (k === 'not_employed') break;
    else if (k === 'absent' && d !== today) break;
  }
  return streak;
}
