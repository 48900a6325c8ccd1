import type {
  ApplyLeaveRequest,
  FieldIssue,
  LeaveApplication,
  LeaveApplicationListResponse,
  LeaveApplicationPageResponse,
  LeaveApplicationsFilter,
  LeaveBalance,
  LeaveCalendarEvent,
  LeaveDayCountQuery,
  LeaveDayCountResponse,
  LeaveDayQuery,
  LeaveDayResponse,
  LeaveHalf,
  LeaveLedgerEntry,
  LeavePendingQuery,
  LeaveStats,
  LeaveType,
} from '@atrium/contract';
import { inclusiveDays } from '@atrium/contract/calendar';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import { authorize, listScope } from '../../core/policies';
import { counted } from '../../core/text';
import { delegatorsOf } from '../organisation/delegations.repository';
import { fullName } from '../people/people.repository';
import { announceApplication } from './application-announcement';
import { balancesOf, bookApplication, bookedBalances, ensureLeaveYear } from './balances';
import { displayDate, displayPeriod, monthBounds } from './dates';
import type { LeaveDeps } from './leave.context';
import {
  toApplication,
  toCalendarDay,
  toLeaveDay,
  toLeaveStats,
  toLeaveType,
  toLedgerEntry,
} from './leave.presenter';
import {
  balancesAfter,
  cancelApplication,
  findApplication,
  findOverlap,
  insertApplication,
  listApplications,
  listOwnApplications,
  listPending,
  lockApplicant,
  lockApplication,
} from './leave.repository';
import {
  type ApplicantScope,
  calendarDays,
  leaveOnDay,
  leaveStats,
  pendingCount,
} from './leave-counts.repository';
import { chargedDaysByYear, readingHolidays } from './leave-days.repository';
import { ledgerOf } from './ledger.repository';
import { notifyPerson, publishApplicationChanged } from './notifications';
import { findLeaveType, listLeaveTypes } from './policies.repository';
import { routeApplication } from './routing.repository';

/** How far ahead leave can be applied for: plans beyond it hold no balance yet. */
const HORIZON_YEARS = 2;

/** The longest single application: one year. Longer absences are several decisions. */
const MAX_SPAN_DAYS = 366;

/** Applying, cancelling and reading leave: staff see their own, administrators everyone's. */
export class LeaveApplicationsService {
  constructor(private readonly deps: LeaveDeps) {}

  async types(actor: Actor): Promise<LeaveType[]> {
    authorize(actor, 'leave.types');
    return (await listLeaveTypes(this.deps.db)).map(toLeaveType);
  }

  async myBalances(actor: Actor, year?: number): Promise<LeaveBalance[]> {
    authorize(actor, 'leave.apply');
    const now = await this.deps.clock.today();
    return bookedBalances(this.deps.db, actor.userId, year ?? now.year, now.year);
  }

  async myLedger(actor: Actor, year?: number): Promise<LeaveLedgerEntry[]> {
    authorize(actor, 'leave.apply');
    const now = await this.deps.clock.today();
    const shown = year ?? now.year;
    await ensureLeaveYear(this.deps.db, actor.userId, shown, now.year);
    return (await ledgerOf(this.deps.db, actor.userId, shown)).map(toLedgerEntry);
  }

  async myApplications(actor: Actor): Promise<LeaveApplication[]> {
    authorize(actor, 'leave.apply');
    return (await listOwnApplications(this.deps.db, actor.userId)).map(toApplication);
  }

  async apply(actor: Actor, input: ApplyLeaveRequest): Promise<LeaveApplication> {
    authorize(actor, 'leave.apply');
    const { db, bus } = this.deps;
    const now = await this.deps.clock.today();
    const issues = periodIssues(input);
    if (input.startDate < now.date) {
      issues.push({
        field: 'startDate',
        rule: 'not_in_past',
        message: `Start date must not be before today (${displayDate(now.date)})`,
      });
    }
    const horizon = `${Number(now.date.slice(0, 4)) + HORIZON_YEARS}${now.date.slice(4)}`;
    if (input.endDate > horizon) {
      issues.push({
        field: 'endDate',
        rule: 'horizon',
        message: `End date must be at most ${HORIZON_YEARS} years ahead (${displayDate(horizon)})`,
      });
    }
    refuse(issues);

    const id = await db.transaction().execute(async (trx) => {
      const type = await existingType(trx, input.leaveTypeId);
      await lockApplicant(trx, actor.userId);
      await readingHolidays(trx);
      const clash = await findOverlap(trx, actor.userId, input.startDate, input.endDate);
      if (clash) {
        throw new AppError(
          'conflict',
          `These dates overlap your ${clash.status} ${clash.leave_type_name} ${displayPeriod(clash.start_date, clash.end_date)}`,
          {
            applicationId: clash.id,
            start_date: clash.start_date,
            end_date: clash.end_date,
            status: clash.status,
          },
        );
      }
      const period = periodOf(actor.userId, input);
      const segments = await chargedDaysByYear(trx, period);
      if (segments.length === 0) refuse([nothingToTake(input, type.leave_name)]);
      for (const segment of segments) {
        await ensureLeaveYear(trx, actor.userId, segment.year, now.year);
        if (type.max_days_per_year === 0) continue; // no limit: tracked, never counted
        const balance = (await balancesOf(trx, actor.userId, segment.year)).find(
          (b) => b.leave_type_id === type.id,
        );
        const remaining = balance?.remaining_days ?? 0;
        if (segment.days > remaining) {
          throw new AppError(
            'unprocessable',
            `Not enough ${type.leave_name} balance: ${counted(remaining, 'day')} remaining in ${segment.year}, ${segment.days} requested`,
            { remaining_days: remaining, requested_days: segment.days, year: segment.year },
          );
        }
      }
      const automatic = !type.requires_approval;
      const days = segments.reduce((sum, segment) => sum + segment.days, 0);
      const route = automatic ? undefined : await routeApplication(trx, actor.userId, now.date, type, days);
      const created = await insertApplication(trx, {
        user_id: actor.userId,
        leave_type_id: type.id,
        start_date: input.startDate,
        end_date: input.endDate,
        start_half: period.startHalf,
        end_half: period.endHalf,
        reason: input.reason,
        status: automatic ? 'approved' : 'pending',
        at: now.now,
        admin_comments: automatic
          ? `Approved automatically: ${type.leave_name} does not require approval`
          : null,
        route,
      });
      const by = { userId: actor.userId, at: now.now };
      await bookApplication(trx, created, 'application_pending', { ...by, note: 'Applied' });
      if (automatic)
        await bookApplication(trx, created, 'application_approved', {
          ...by,
          note: 'Approved automatically',
        });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'leave.applied',
        targetType: 'leave_application',
        targetId: created.id,
        ip: actor.ip,
        details: {
          leaveType: type.leave_name,
          startDate: input.startDate,
          endDate: input.endDate,
          startHalf: period.startHalf,
          endHalf: period.endHalf,
          days,
          automatic,
          approvalStep: route?.step ?? null,
          approver: route?.approverId ?? null,
          adminStep: route?.adminStep ?? false,
        },
      });
      await announceApplication(bus, trx, {
        application: created,
        applicant: actor.userId,
        type,
        period: input,
        days,
        route,
        reason: input.reason ?? null,
      });
      return created.id;
    });
    return toApplication((await findApplication(db, id))!);
  }

  /** What applying for the period would charge the caller, as the wizard shows it. */
  async dayCount(actor: Actor, query: LeaveDayCountQuery): Promise<LeaveDayCountResponse> {
    authorize(actor, 'leave.apply');
    refuse(periodIssues(query));
    await existingType(this.deps.db, query.leaveTypeId);
    const years = await chargedDaysByYear(this.deps.db, periodOf(actor.userId, query));
    return { days: years.reduce((sum, y) => sum + y.days, 0), years };
  }

  /**
   * The applicant withdraws a pending application, or an approved one that has not started (its
   * first day is after today in the organisation's zone). The ledger gives the days back; the
   * administrator who approved it is told live, and every administrator's screens refresh.
   */
  async cancel(actor: Actor, id: number): Promise<LeaveApplication> {
    authorize(actor, 'leave.apply');
    const { db, bus } = this.deps;
    const now = await this.deps.clock.today();
    await db.transaction().execute(async (trx) => {
      const current = await lockApplication(trx, id);
      // Only the applicant cancels; another person's application is not theirs to know of.
      if (!current || current.user_id !== actor.userId) throw notFound('Leave application');
      if (current.status === 'approved' && current.start_date <= now.date) {
        throw new AppError(
          'conflict',
          `This leave started on ${displayDate(current.start_date)}; only leave that has not started can be cancelled`,
          { status: current.status, start_date: current.start_date },
        );
      }
      if (current.status !== 'pending' && current.status !== 'approved') {
        throw new AppError(
          'conflict',
          `Only pending applications, or approved ones that have not started, can be cancelled; this one is ${current.status}`,
          { status: current.status },
        );
      }
      const wasApproved = current.status === 'approved';
      await cancelApplication(trx, id, current.status, { userId: actor.userId, at: now.now });
      await bookApplication(trx, current, 'application_cancelled', {
        userId: actor.userId,
        at: now.now,
        note: wasApproved ? 'Approved leave cancelled by the applicant' : 'Cancelled by the applicant',
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'leave.cancelled',
        targetType: 'leave_application',
        targetId: id,
        ip: actor.ip,
        details: {
          previousStatus: current.status,
          approvedBy: wasApproved ? current.decided_by : null,
          leaveType: current.leave_name,
          startDate: current.start_date,
          endDate: current.end_date,
        },
      });
      await publishApplicationChanged(bus, trx, current, 'cancelled');
      // An automatic approval has nobody to tell; an administrator's own leave needs no toast.
      if (wasApproved && current.decided_by !== null && current.decided_by !== actor.userId) {
        await notifyPerson(
          bus,
          trx,
          { id: current.decided_by, name: await fullName(trx, current.decided_by) },
          {
            message: `${await fullName(trx, actor.userId)} cancelled their approved ${current.leave_name} ${displayPeriod(current.start_date, current.end_date)}`,
            type: 'info',
          },
        );
      }
    });
    return toApplication((await findApplication(db, id))!);
  }

  /** Each sees the applications within their reach (administrators everyone's), whatever they ask. */
  async list(actor: Actor, query: LeaveApplicationsFilter): Promise<LeaveApplicationListResponse> {
    const scope = listScope(actor, 'leave.view');
    const page = await listApplications(this.deps.db, {
      status: query.status,
      search: query.search || undefined,
      page: query.page,
      pageSize: query.pageSize,
      ...scope,
    });
    return { applications: page.applications.map(toApplication), has_more: page.hasMore };
  }

  /** A manager's scope is their queue: what waits for them at the manager step. */
  private async decisionScope(actor: Actor): Promise<ApplicantScope> {
    const scope = listScope(actor, 'leave.decide');
    if (scope.departmentIds === undefined) return scope;
    const today = await this.deps.clock.today();
    return {
      ...scope,
      approverIds: [actor.userId, ...(await delegatorsOf(this.deps.db, actor.userId, today.date))],
    };
  }

  async pending(actor: Actor, query: LeavePendingQuery): Promise<LeaveApplicationPageResponse> {
    const scope = await this.decisionScope(actor);
    const [applications, total] = await Promise.all([
      listPending(this.deps.db, scope, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      pendingCount(this.deps.db, scope),
    ]);
    const left = await balancesAfter(
      this.deps.db,
      applications.map((a) => a.id),
    );
    return {
      applications: applications.map((a) => ({ ...toApplication(a), balance_after: left.get(a.id) ?? null })),
      total,
    };
  }

  async stats(actor: Actor): Promise<LeaveStats> {
    const scope = await this.decisionScope(actor);
    const today = await this.deps.clock.today();
    return toLeaveStats(
      await leaveStats(this.deps.db, today.date, await this.deps.clock.dayBounds(today.date), scope),
    );
  }

  async calendar(actor: Actor, year: number, month: number): Promise<LeaveCalendarEvent[]> {
    const scope = listScope(actor, 'leave.view');
    const { first, last } = monthBounds(year, month);
    return (await calendarDays(this.deps.db, first, last, scope)).map(toCalendarDay);
  }

  async calendarDay(actor: Actor, date: string, query: LeaveDayQuery): Promise<LeaveDayResponse> {
    const scope = listScope(actor, 'leave.view');
    const { rows, total } = await leaveOnDay(this.deps.db, date, scope, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return toLeaveDay(rows, total);
  }
}

interface Period {
  leaveTypeId: number;
  startDate: string;
  endDate: string;
  startHalf?: LeaveHalf;
  endHalf?: LeaveHalf;
}

/** The rules of a period itself, whoever asks and whenever. */
function periodIssues(input: Period): FieldIssue[] {
  if (input.endDate < input.startDate)
    return [{ field: 'endDate', rule: 'after_start', message: 'End date must not be before the start date' }];
  if (inclusiveDays(input.startDate, input.endDate) > MAX_SPAN_DAYS) {
    return [
      {
        field: 'endDate',
        rule: 'max_span',
        message: `End date must be at most ${MAX_SPAN_DAYS} days after the start date`,
      },
    ];
  }
  if (input.startDate === input.endDate && input.startHalf === 'afternoon' && input.endHalf === 'morning') {
    return [
      {
        field: 'endHalf',
        rule: 'after_start_half',
        message: 'A leave that starts in the afternoon cannot end in the morning of the same day',
      },
    ];
  }
  return [];
}

function refuse(issues: FieldIssue[]): void {
  if (issues.length > 0)
    throw new AppError('validation_failed', issues.map((i) => i.message).join('; '), issues);
}

async function existingType(db: Parameters<typeof findLeaveType>[0], id: number) {
  const type = await findLeaveType(db, id);
  if (!type)
    refuse([{ field: 'leaveTypeId', rule: 'exists', message: 'Leave type must be an existing leave type' }]);
  return type!;
}

/**
 * The period as stored: only an afternoon start and a morning end are halves; a morning start
 * and an afternoon end are whole days.
 */
function periodOf(userId: number, input: Period) {
  return {
    userId,
    typeId: input.leaveTypeId,
    start: input.startDate,
    end: input.endDate,
    startHalf: input.startHalf === 'afternoon' ? ('afternoon' as const) : null,
    endHalf: input.endHalf === 'morning' ? ('morning' as const) : null,
  };
}

function nothingToTake(input: Period, typeName: string): FieldIssue {
  return {
    field: 'endDate',
    rule: 'working_days',
    message: `Nothing to take ${displayPeriod(input.startDate, input.endDate)}: ${typeName} counts working days only, and weekends and public holidays are not counted`,
  };
}
