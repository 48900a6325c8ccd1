import type {
  AttendanceAction,
  AttendanceListQuery,
  AttendanceListResponse,
  AttendanceOverview,
  AttendanceRecord,
  BulkMarkRequest,
  BulkMarkResponse,
  CorrectAttendanceRequest,
  ExportAttendanceFilter,
} from '@atrium/contract';
import { inclusiveDays, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock, Today } from '../../core/clock';
import { checkRangeLength } from '../../core/date-range';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { ReportsDb } from '../../core/module';
import { authorize, departmentsWithin, listScope } from '../../core/policies';
import { requireSite } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { attendanceCsv } from './attendance.export';
import { attendanceUpdate, toAttendanceList, toAttendanceRecord, toBulkResult } from './attendance.presenter';
import {
  type DayRowFilter,
  deleteRecord,
  deleteRecordsOn,
  findRecordById,
  insertRecordIfAbsent,
  listDayRows,
  type RecordRow,
  updateRecordTimes,
} from './attendance.repository';
import { isEarlyExit, isLate, validateTimes, versionOn } from './attendance.rules';
import { dayOverview, localDayOf, siteOverview, todayOverview } from './day-overview';
import { pageDayRows } from './day-page.repository';
import { exportCalendar, exportLeave, exportPeople, streamRangeRecords } from './export.repository';
import { peopleToday, personToday, siteToday, todaysSpan } from './person-site';
import { personSites } from './person-site.repository';
import { findUserSchedule, findUserSchedules } from './schedules.repository';

/** The longest range one list or export covers. */
export const MAX_RANGE_DAYS = 366;

/**
 * Beyond a month, everyone's list reads like a report (a year of 50,000 people is 18 million
 * person-days to judge and count: seconds), so it runs on the reports' connections.
 */
const MAIN_POOL_LIST_DAYS = 31;

const issue = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', message, [{ field, rule, message }]);

/** Everyone's attendance: lists, overview, bulk marking, corrections, removal. */
export class AttendanceAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reports: ReportsDb,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  /**
   * Each sees the days within their reach (staff only their own), whatever they ask for. A long
   * range over several people stops when `signal` aborts (the page was left).
   */
  async list(
    actor: Actor,
    query: AttendanceListQuery,
    signal?: AbortSignal,
  ): Promise<AttendanceListResponse> {
    const scope = listScope(actor, 'attendance.view');
    if (query.siteId !== undefined) await requireSite(this.db, query.siteId);
    // With a site chosen, no date means that site's today.
    const [today, todays] = await Promise.all([this.clock.today(query.siteId), this.clock.todays()]);
    const { start, end } = rangeOf(query.date ?? query.startDate, query.date ?? query.endDate, today.date);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 25;
    const filter: DayRowFilter = {
      start,
      end,
      today: today.date,
      // Each person is absent once their own site's day has come.
      todays,
      userIds: scope.userId ? [scope.userId] : query.userId ? [query.userId] : undefined,
      departmentIds: departmentsWithin(scope, query.department),
      siteId: query.siteId,
      status: query.status,
      search: query.search || undefined,
    };
    const long = inclusiveDays(start, end) > MAIN_POOL_LIST_DAYS && filter.userIds === undefined;
    const { rows, total } = await pageDayRows(long ? this.reports.db(signal) : this.db, filter, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    // Each row on its person's site's clock (its zone, and whether its check-out was forgotten).
    const days = await peopleToday(
      this.db,
      this.clock,
      rows.map((r) => r.user_id),
    );
    return toAttendanceList(rows, (userId) => days.get(userId) ?? today, total, page, pageSize);
  }

  async overview(actor: Actor, date?: string, siteId?: number): Promise<AttendanceOverview> {
    authorize(actor, 'attendance.manage');
    if (siteId !== undefined) {
      await requireSite(this.db, siteId);
      return siteOverview(this.db, this.clock, siteId, date);
    }
    const today = await this.clock.today();
    // The organisation's today is each person's site's today (sites may be a date apart).
    if (date === undefined || date === today.date) return todayOverview(this.db, this.clock);
    const [{ start }, todays] = await Promise.all([this.clock.dayBounds(today.date), this.clock.todays()]);
    return dayOverview(this.db, date, { date: today.date, dayStart: start }, localDayOf(todays));
  }

  /** Idempotent: people already in the requested state are left alone and counted unchanged. */
  async bulkMark(
    actor: Actor,
    action: 'present' | 'absent',
    body: BulkMarkRequest,
  ): Promise<BulkMarkResponse['bulk']> {
    authorize(actor, 'attendance.manage');
    const todays = await this.clock.todays();
    // Not after the latest site's today (the date may be someone's today while the organisation's is behind).
    if (body.date > todaysSpan(todays).to)
      throw issue('date', 'not_in_future', 'The date must not be in the future');
    const ids = [...new Set(body.userIds)];
    const [schedules, sites] = await Promise.all([
      findUserSchedules(this.db, ids, { from: body.date, to: body.date }, true),
      personSites(this.db, ids),
    ]);
    const people = [...schedules].map(([id, schedule]) => ({ id, schedule: versionOn(schedule, body.date) }));
    const unknown = ids.filter((id) => !schedules.has(id));
    if (unknown.length)
      throw issue(
        'userIds',
        'unknown',
        `Unknown user ${unknown.length === 1 ? 'id' : 'ids'}: ${unknown.join(', ')}`,
      );

    const changed = await this.db.transaction().execute(async (trx) => {
      const touched: number[] = [];
      if (action === 'absent') {
        for (const old of await deleteRecordsOn(trx, ids, body.date)) {
          await this.audit(trx, actor, 'attendance.deleted', old, {
            reason: 'Bulk mark absent',
            old: timesOf(old),
          });
          touched.push(old.user_id);
        }
      } else {
        for (const person of people) {
          // The schedule's hours on the person's site's clock.
          const times = bulkTimes(
            person.schedule,
            body.date,
            await siteToday(this.clock, todays, sites.get(person.id)!),
          );
          const created = await insertRecordIfAbsent(trx, {
            user_id: person.id,
            date: body.date,
            check_in_time: times.checkIn,
            check_out_time: times.checkOut,
            late: false,
            source: 'bulk',
            created_by: actor.userId,
          });
          if (!created) continue;
          await this.audit(trx, actor, 'attendance.created', created, {
            reason: 'Bulk mark present',
            new: timesOf(created),
          });
          touched.push(person.id);
        }
      }
      for (const userId of touched) await this.publish(trx, userId, body.date, `bulk_${action}`);
      return touched.length;
    });
    return toBulkResult(action, body.date, changed, ids.length);
  }

  async correct(actor: Actor, id: number, body: CorrectAttendanceRequest): Promise<AttendanceRecord> {
    authorize(actor, 'attendance.manage');
    let today = await this.clock.today();
    const updated = await this.db.transaction().execute(async (trx) => {
      const old = await findRecordById(trx, id, true);
      if (!old) throw notFound('Attendance record');
      // The corrected times are judged on the person's site's clock.
      today = await personToday(trx, this.clock, old.user_id);
      const checkIn = body.check_in_time ? new Date(body.check_in_time) : old.check_in_time;
      const checkOut =
        body.check_out_time === undefined
          ? old.check_out_time
          : body.check_out_time === null
            ? null
            : new Date(body.check_out_time);
      validateTimes(old.date, checkIn, checkOut, today);
      const schedule = (await findUserSchedule(trx, old.user_id, { from: old.date, to: old.date }))!;
      const record = await updateRecordTimes(trx, id, {
        check_in_time: checkIn,
        check_out_time: checkOut,
        late: isLate(schedule, old.date, checkIn, today.timeZone),
        early_exit: isEarlyExit(schedule, old.date, checkOut, today.timeZone),
        updated_by: actor.userId,
        at: today.now,
      });
      await this.audit(trx, actor, 'attendance.corrected', record, {
        reason: body.reason,
        old: timesOf(old),
        new: timesOf(record),
      });
      await this.publish(trx, record.user_id, record.date, 'corrected');
      return record;
    });
    const [row] = await listDayRows(this.db, {
      start: updated.date,
      end: updated.date,
      today: today.date,
      userIds: [updated.user_id],
      everyDay: true,
    });
    return toAttendanceRecord(row!, today);
  }

  async remove(actor: Actor, id: number, reason: string): Promise<void> {
    authorize(actor, 'attendance.manage');
    await this.db.transaction().execute(async (trx) => {
      const old = await deleteRecord(trx, id);
      if (!old) throw notFound('Attendance record');
      await this.audit(trx, actor, 'attendance.deleted', old, { reason, old: timesOf(old) });
      await this.publish(trx, old.user_id, old.date, 'deleted');
    });
  }

  /**
   * Every person-day in the range up to today, as a CSV named after today's date. Read on the
   * reports' connections, and stopped when `signal` aborts (the download was cancelled).
   */
  async exportCsv(actor: Actor, body: ExportAttendanceFilter, signal?: AbortSignal) {
    // A manager's file holds their team's people only, whatever ids or department they name.
    const scope = listScope(actor, 'attendance.export');
    if (body.siteId !== undefined) await requireSite(this.db, body.siteId);
    const today = await this.clock.today(body.siteId);
    const { start, end } = rangeOf(body.startDate, body.endDate, today.date);
    const db = this.reports.db(signal);
    const ids = body.userIds?.length ? [...new Set(body.userIds)] : undefined;
    if (ids) {
      const known = await findUserSchedules(db, ids, { from: start, to: start }, true);
      const unknown = ids.filter((i) => !known.has(i));
      if (unknown.length)
        throw issue(
          'userIds',
          'unknown',
          `Unknown user ${unknown.length === 1 ? 'id' : 'ids'}: ${unknown.join(', ')}`,
        );
    }
    // The list's own department and search filters, so the file holds the people the list shows.
    const filter: DayRowFilter = {
      start,
      end: end <= today.date ? end : today.date,
      today: today.date,
      userIds: ids,
      departmentIds: departmentsWithin(scope, body.department),
      siteId: body.siteId,
      search: body.search || undefined,
    };
    const [people, calendar, leave] = await Promise.all([
      exportPeople(db, filter),
      exportCalendar(db, filter),
      exportLeave(db, filter),
    ]);
    // Everyone's records need no list of ids; a narrower file asks only for its people's.
    const narrowed =
      ids || filter.departmentIds !== undefined || filter.siteId !== undefined || filter.search;
    const records = streamRangeRecords(db, filter, narrowed ? people.map((p) => p.id) : undefined);
    return {
      filename: `attendance-${today.date}.csv`,
      lines: attendanceCsv(people, records, calendar, leave, filter, today.timeZone),
    };
  }

  private async audit(
    trx: Kysely<Database>,
    actor: Actor,
    action: string,
    record: RecordRow,
    details: Record<string, unknown>,
  ) {
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'attendance_record',
      targetId: record.id,
      ip: actor.ip,
      details: { userId: record.user_id, date: record.date, ...details },
    });
  }

  private async publish(trx: Kysely<Database>, userId: number, date: string, action: AttendanceAction) {
    await this.bus.publish(attendanceUpdate(userId, date, action), trx);
  }
}

function rangeOf(startDate: string | undefined, endDate: string | undefined, today: string) {
  const start = startDate ?? endDate ?? today;
  const end = endDate ?? startDate ?? today;
  if (end < start) throw issue('endDate', 'after_start', 'The end date must not be before the start date');
  checkRangeLength(start, end, MAX_RANGE_DAYS);
  return { start, end };
}

/**
 * Bulk "present", one rule for today and a past day (the web's bulk panel says it): the
 * schedule's hours up to now. Check-in at the schedule's start (now, if that is still ahead),
 * check-out at its end once that has passed, else left open.
 */
function bulkTimes(schedule: { start_time: string; end_time: string }, date: string, today: Today) {
  const start = zonedInstant(date, schedule.start_time, today.timeZone);
  const end = zonedInstant(date, schedule.end_time, today.timeZone);
  const checkIn = start > today.now ? today.now : start;
  return { checkIn, checkOut: end <= today.now ? end : null };
}

function timesOf(record: RecordRow) {
  return {
    check_in_time: record.check_in_time.toISOString(),
    check_out_time: record.check_out_time?.toISOString() ?? null,
    source: record.source,
  };
}
