import {
  type AttendanceRecord,
  type CorrectionRequest,
  type CorrectionRequestPage,
  type CorrectionRequestStatus,
  type CorrectionRequestsQuery,
  type CreateCorrectionRequest,
  INT32_MAX,
  type MyCorrectionRequestsQuery,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize, listScope } from '../../core/policies';
import { displayDate } from '../../core/text';
import type { Database } from '../../db/schema';
import {
  attendanceUpdate,
  requestUpdate,
  toAttendanceRecord,
  toCorrectionRequest,
  toRequestPage,
} from './attendance.presenter';
import {
  findRecordForUpdate,
  insertRecordIfAbsent,
  listDayRows,
  type RecordRow,
  updateRecordTimes,
} from './attendance.repository';
import { isEarlyExit, isLate, validateTimes } from './attendance.rules';
import {
  closeRequest,
  findRequest,
  findRequestRow,
  findStartDate,
  insertPendingRequest,
  listRequests,
  type RequestRow,
} from './correction-requests.repository';
import { personToday } from './person-site';
import { findUserSchedule } from './schedules.repository';

const issue = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', message, [{ field, rule, message }]);

/**
 * Correction requests: staff ask for their own past days to be corrected; administrators approve
 * (the times go through the admin correction's own rules and are written with source
 * 'correction') or reject. Every step is audited and announced live after it commits.
 */
export class CorrectionRequestsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  async create(actor: Actor, body: CreateCorrectionRequest): Promise<CorrectionRequest> {
    authorize(actor, 'attendance.request');
    // The person's day and times are their site's.
    const today = await personToday(this.db, this.clock, actor.userId);
    if (body.date > today.date)
      throw issue('date', 'not_in_future', `The date must be today (${displayDate(today.date)}) or earlier`);
    const person = await findStartDate(this.db, actor.userId);
    if (person?.start_date && body.date < person.start_date)
      throw issue(
        'date',
        'before_start_date',
        `The date must not be before your start date (${displayDate(person.start_date)})`,
      );

    const id = await this.db.transaction().execute(async (trx) => {
      const record = await findRecordForUpdate(trx, actor.userId, body.date);
      const asked = {
        in: body.check_in_time ? new Date(body.check_in_time) : null,
        out: body.check_out_time ? new Date(body.check_out_time) : null,
      };
      // A record always has a check-in, so a day without one cannot be given only a check-out.
      if (!record && !asked.in)
        throw issue(
          'check_in_time',
          'required_without_record',
          `Check-in is required: nothing is recorded on ${displayDate(body.date)}`,
        );
      const times = resulting(record, asked);
      // Judged as the approval will judge them, so staff hear now what would be refused later.
      validateTimes(body.date, times.checkIn, times.checkOut, today);
      if (record && sameTimes(record, times))
        throw issue(
          'check_in_time',
          'no_change',
          `These times are already recorded for ${displayDate(body.date)}`,
        );
      const created = await insertPendingRequest(trx, {
        user_id: actor.userId,
        date: body.date,
        record_id: record?.id ?? null,
        check_in_time: asked.in,
        check_out_time: asked.out,
        reason: body.reason,
        created_at: today.now,
      });
      if (!created)
        throw new AppError(
          'conflict',
          `You already have a pending correction request for ${displayDate(body.date)}`,
        );
      await this.audit(trx, actor, 'attendance_request.created', created, {
        reason: body.reason,
        requested: requestedTimes(created),
      });
      await this.bus.publish(requestUpdate(created, 'pending'), trx);
      return created.id;
    });
    return toCorrectionRequest((await findRequest(this.db, id))!);
  }

  async mine(actor: Actor, query: MyCorrectionRequestsQuery): Promise<CorrectionRequestPage> {
    authorize(actor, 'attendance.request');
    return this.page({ userId: actor.userId }, query);
  }

  /** Withdraws one's own pending request; someone else's is not found, whoever asks. */
  async cancel(actor: Actor, id: number): Promise<CorrectionRequest> {
    authorize(actor, 'attendance.request');
    const today = await this.clock.today();
    await this.db.transaction().execute(async (trx) => {
      const row = await findRequestRow(trx, id, true);
      if (!row || row.user_id !== actor.userId) throw notFound('Correction request');
      const closed = await this.close(trx, row, { status: 'cancelled', by: actor.userId, at: today.now });
      await this.audit(trx, actor, 'attendance_request.cancelled', closed, {});
      await this.bus.publish(requestUpdate(closed, 'cancelled'), trx);
    });
    return toCorrectionRequest((await findRequest(this.db, id))!);
  }

  async list(actor: Actor, query: CorrectionRequestsQuery): Promise<CorrectionRequestPage> {
    const scope = listScope(actor, 'attendance.decide');
    return this.page({ userId: scope.userId, status: query.status }, query);
  }

  async approve(actor: Actor, id: number): Promise<{ request: CorrectionRequest; record: AttendanceRecord }> {
    authorize(actor, 'attendance.decide');
    let today = await this.clock.today();
    const written = await this.db.transaction().execute(async (trx) => {
      const row = await this.decidable(trx, actor, id);
      // The requested times are judged on the person's site's clock.
      today = await personToday(trx, this.clock, row.user_id);
      const old = await findRecordForUpdate(trx, row.user_id, row.date);
      const asked = { in: row.check_in_time, out: row.check_out_time };
      // The day lost its record since the request (an admin removed it): a check-out alone
      // cannot make one.
      if (!old && !asked.in)
        throw new AppError(
          'conflict',
          `${displayDate(row.date)} has no attendance record any more, and the request gives no check-in time`,
        );
      const { checkIn, checkOut } = resulting(old, asked);
      validateTimes(row.date, checkIn, checkOut, today);
      const schedule = (await findUserSchedule(trx, row.user_id, { from: row.date, to: row.date }))!;
      const judged = {
        check_in_time: checkIn,
        check_out_time: checkOut,
        late: isLate(schedule, row.date, checkIn, today.timeZone),
        early_exit: isEarlyExit(schedule, row.date, checkOut, today.timeZone),
      };
      const record = old
        ? await updateRecordTimes(trx, old.id, { ...judged, updated_by: actor.userId, at: today.now })
        : await insertRecordIfAbsent(trx, {
            ...judged,
            user_id: row.user_id,
            date: row.date,
            source: 'correction',
            created_by: actor.userId,
          });
      if (!record)
        throw new AppError('conflict', `${displayDate(row.date)} was recorded meanwhile; please try again`);
      // The record's own history reads like an admin correction's, naming the request.
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: old ? 'attendance.corrected' : 'attendance.created',
        targetType: 'attendance_record',
        targetId: record.id,
        ip: actor.ip,
        details: {
          userId: record.user_id,
          date: record.date,
          reason: `Correction request #${row.id}: ${row.reason}`,
          requestId: row.id,
          ...(old ? { old: timesOf(old) } : {}),
          new: timesOf(record),
        },
      });
      const closed = await this.close(trx, row, {
        status: 'approved',
        by: actor.userId,
        at: today.now,
        recordId: record.id,
      });
      await this.audit(trx, actor, 'attendance_request.approved', closed, { recordId: record.id });
      await this.bus.publish(attendanceUpdate(record.user_id, record.date, 'corrected'), trx);
      await this.bus.publish(requestUpdate(closed, 'approved'), trx);
      return record;
    });
    const [day] = await listDayRows(this.db, {
      start: written.date,
      end: written.date,
      today: today.date,
      userIds: [written.user_id],
      everyDay: true,
    });
    return {
      request: toCorrectionRequest((await findRequest(this.db, id))!),
      record: toAttendanceRecord(day!, today),
    };
  }

  async reject(actor: Actor, id: number, reason?: string): Promise<CorrectionRequest> {
    authorize(actor, 'attendance.decide');
    const today = await this.clock.today();
    await this.db.transaction().execute(async (trx) => {
      const row = await this.decidable(trx, actor, id);
      const closed = await this.close(trx, row, {
        status: 'rejected',
        by: actor.userId,
        at: today.now,
        reason: reason || null,
      });
      await this.audit(trx, actor, 'attendance_request.rejected', closed, { reason: reason || null });
      await this.bus.publish(requestUpdate(closed, 'rejected'), trx);
    });
    return toCorrectionRequest((await findRequest(this.db, id))!);
  }

  /** The request, locked, if `actor` may decide it now. */
  private async decidable(trx: Kysely<Database>, actor: Actor, id: number) {
    const row = await findRequestRow(trx, id, true);
    if (!row) throw notFound('Correction request');
    authorize(actor, 'attendance.decide', { userId: row.user_id });
    // As with leave: whoever approves a correction must not be the person it favours.
    if (row.user_id === actor.userId)
      throw new AppError('not_your_approval', 'You cannot decide your own correction request');
    return row;
  }

  private async close(
    trx: Kysely<Database>,
    row: RequestRow,
    change: Parameters<typeof closeRequest>[2],
  ): Promise<RequestRow> {
    const closed = await closeRequest(trx, row.id, change);
    if (!closed)
      throw new AppError('conflict', `Only pending requests can change; this one is already ${row.status}`, {
        status: row.status,
      });
    return closed;
  }

  private async page(
    filter: { userId?: number; status?: CorrectionRequestStatus },
    query: { cursor?: string; limit: number },
  ): Promise<CorrectionRequestPage> {
    // The cursor is the last id shown; anything else (or beyond an integer column) is not one.
    const after = query.cursor === undefined ? undefined : Number(query.cursor);
    if (after !== undefined && !(/^\d{1,10}$/.test(query.cursor!) && after <= INT32_MAX))
      throw issue('cursor', 'cursor', 'The cursor must be one returned by the previous page');
    // One row more than asked says whether another page follows, without counting them all.
    const rows = await listRequests(this.db, { ...filter, after, limit: query.limit + 1 });
    return toRequestPage(rows, query.limit);
  }

  private async audit(
    trx: Kysely<Database>,
    actor: Actor,
    action: string,
    row: RequestRow,
    details: Record<string, unknown>,
  ) {
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'attendance_correction_request',
      targetId: row.id,
      ip: actor.ip,
      details: { userId: row.user_id, date: row.date, ...details },
    });
  }
}

/** The day's times once the request is applied: what it asks for, the record's for the rest. */
function resulting(record: RecordRow | undefined, asked: { in: Date | null; out: Date | null }) {
  return {
    checkIn: asked.in ?? record!.check_in_time,
    checkOut: asked.out ?? record?.check_out_time ?? null,
  };
}

function sameTimes(record: RecordRow, t: { checkIn: Date; checkOut: Date | null }) {
  return (
    record.check_in_time.getTime() === t.checkIn.getTime() &&
    (record.check_out_time?.getTime() ?? null) === (t.checkOut?.getTime() ?? null)
  );
}

const requestedTimes = (row: RequestRow) => ({
  check_in_time: row.check_in_time?.toISOString() ?? null,
  check_out_time: row.check_out_time?.toISOString() ?? null,
});

function timesOf(record: RecordRow) {
  return {
    check_in_time: record.check_in_time.toISOString(),
    check_out_time: record.check_out_time?.toISOString() ?? null,
    source: record.source,
  };
}
