import type { AttendanceAction, AttendanceStats, MyStatus } from '@atrium/contract';
import { addDays, hoursBetween, monthRange } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { EventBus } from '../../events/bus';
import type { Actor } from '../auth/actor';
import { authorize } from '../auth/policies';
import type { OrgClock } from '../system/clock';
import { findRecord, recordsBetween, setCheckOutIfOpen } from './attendance.repository';
import { isEarlyExit, isScheduledOn, statusOf } from './attendance.rules';
import { attendanceUpdate } from './attendance-events';
import { CheckIns } from './check-ins';
import { type Dates, findUserSchedule, type Schedule } from './schedules.repository';

/** How far back a streak is followed. */
const STREAK_LOOKBACK_DAYS = 400;

/** Self-service attendance: the signed-in person's own day, check-in/out and statistics. */
export class AttendanceService {
  /** The morning's busiest write goes out in group commits. */
  private readonly checkIns: CheckIns;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {
    this.checkIns = new CheckIns(db, bus);
  }

  async myStatus(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const today = await this.clock.today();
    const record = await findRecord(this.db, actor.userId, today.date);
    return statusOf(record, today);
  }

  async checkIn(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const today = await this.clock.today();
    const record = await this.checkIns.checkIn(actor.userId, today);
    if (!record) throw new AppError('conflict', 'Already checked in today');
    return statusOf(record, today);
  }

  async checkOut(actor: Actor): Promise<MyStatus> {
    authorize(actor, 'attendance.self');
    const today = await this.clock.today();
    const schedule = await this.scheduleOf(actor.userId, { from: today.date, to: today.date });
    const record = await this.db.transaction().execute(async (trx) => {
      const early = isEarlyExit(schedule, today.date, today.now, today.timeZone);
      const updated = await setCheckOutIfOpen(trx, actor.userId, today.date, today.now, early);
      if (!updated) {
        const existing = await findRecord(trx, actor.userId, today.date);
        throw new AppError(
          'conflict',
          existing ? 'Already checked out today' : 'You have not checked in today',
        );
      }
      await this.publish(trx, actor.userId, today.date, 'check_out');
      return updated;
    });
    return statusOf(record, today);
  }

  /**
   * Counts scheduled workdays only (each under the schedule in force that day; public holidays
   * are nobody's workday); today counts once it has a check-in.
   */
  async stats(actor: Actor, month?: string): Promise<AttendanceStats> {
    authorize(actor, 'attendance.self');
    const today = await this.clock.today();
    const shown = month ?? today.date.slice(0, 7);
    const { start, end } = monthRange(shown);
    const lookback = addDays(today.date, -STREAK_LOOKBACK_DAYS);
    const schedule = await this.scheduleOf(actor.userId, {
      from: start < lookback ? start : lookback,
      to: end > today.date ? end : today.date,
    });
    const records = await recordsBetween(this.db, actor.userId, start, end);
    const byDate = new Map(records.map((r) => [r.date, r]));

    let totalDays = 0;
    let presentDays = 0;
    for (let d = start; d <= end && d <= today.date; d = addDays(d, 1)) {
      if (!isScheduledOn(schedule, d)) continue;
      const present = byDate.has(d);
      if (d === today.date && !present) continue;
      totalDays += 1;
      if (present) presentDays += 1;
    }
    const complete = records.filter((r) => r.check_out_time);
    const totalHours = complete.reduce((sum, r) => sum + hoursBetween(r.check_in_time, r.check_out_time!), 0);
    return {
      month: shown,
      attendance_rate: totalDays ? round(1, (presentDays / totalDays) * 100) : null,
      average_hours_per_day: complete.length ? round(2, totalHours / complete.length) : null,
      total_days: totalDays,
      present_days: presentDays,
      total_hours: round(2, totalHours),
      late_days: records.filter((r) => r.late).length,
      streak: await this.streak(actor.userId, schedule, today.date),
    };
  }

  private async streak(userId: number, schedule: Schedule, today: string): Promise<number> {
    const from = addDays(today, -STREAK_LOOKBACK_DAYS);
    const dates = new Set((await recordsBetween(this.db, userId, from, today)).map((r) => r.date));
    let streak = 0;
    for (let d = today; d > from; d = addDays(d, -1)) {
      if (!isScheduledOn(schedule, d)) continue;
      if (dates.has(d)) streak += 1;
      else if (d !== today) break; // today without a check-in yet does not end a streak
    }
    return streak;
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

const round = (digits: number, value: number) => Math.round(value * 10 ** digits) / 10 ** digits;
