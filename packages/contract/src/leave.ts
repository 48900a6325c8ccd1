import { z } from 'zod';
import { OkResponse } from './auth';
import { CalendarDate, Id, IdParam, QueryInt, Text, YearParam } from './common';
import { endpoint } from './endpoint';
import { LeavePoliciesResponse, LeavePolicyRequest, LeavePolicyResponse } from './leave-policies';

export const LeaveStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type LeaveStatus = z.infer<typeof LeaveStatus>;

/** The two outcomes an administrator can give a pending application. */
export const LeaveDecision = z.enum(['approved', 'rejected']);
export type LeaveDecision = z.infer<typeof LeaveDecision>;

/**
 * Which half of a day: a leave that starts in the afternoon or ends in the morning charges that
 * day 0.5. On a single day, morning to morning is the morning and afternoon to afternoon the
 * afternoon.
 */
export const LeaveHalf = z.enum(['morning', 'afternoon'], { error: 'must be morning or afternoon' });
export type LeaveHalf = z.infer<typeof LeaveHalf>;

/** Leave days come in half-day steps: 0, 0.5, 1, 1.5 ... */
const Days = z.number();

/** The kind of toast an applicant's leave notification asks for. */
export const LeaveNotificationType = z.enum(['success', 'error', 'info']);
export type LeaveNotificationType = z.infer<typeof LeaveNotificationType>;

export const LeaveType = z.object({
  id: z.number().int(),
  leave_name: z.string(),
  leave_code: z.string(),
  /** 0 means no limit (Unpaid Leave): tracked, never counted against a balance. */
  max_days_per_year: z.number().int(),
  requires_approval: z.boolean(),
  /** Counts only the applicant's working days: weekends and public holidays are not counted. */
  working_days_only: z.boolean(),
});
export type LeaveType = z.infer<typeof LeaveType>;
export const LeaveTypesResponse = z.object({ leaveTypes: z.array(LeaveType) });
export type LeaveTypesResponse = z.infer<typeof LeaveTypesResponse>;

export const LeaveBalance = z.object({
  leave_type_id: z.number().int(),
  leave_type: z.string(),
  year: z.number().int(),
  max_days_per_year: z.number().int(),
  unlimited: z.boolean(),
  carried_forward: Days,
  /** Entitlement + carry forward + adjustments. */
  entitled_days: Days,
  used_days: Days,
  pending_applications: z.number().int(),
  pending_days: Days,
  /** entitled - used - pending; null when the type has no limit. */
  remaining_days: Days.nullable(),
});
export type LeaveBalance = z.infer<typeof LeaveBalance>;
export const LeaveBalanceResponse = z.object({ balances: z.array(LeaveBalance) });
export type LeaveBalanceResponse = z.infer<typeof LeaveBalanceResponse>;

export const LeaveLedgerEntry = z.object({
  id: z.number().int(),
  leave_type: z.string(),
  year: z.number().int(),
  kind: z.enum([
    'entitlement',
    'carry_forward',
    'adjustment',
    'application_pending',
    'application_approved',
    'application_rejected',
    'application_cancelled',
    /** A public holiday declared, moved or removed changed what the application charges. */
    'application_recounted',
  ]),
  application_id: z.number().int().nullable(),
  entitled_days: Days,
  pending_days: Days,
  used_days: Days,
  note: z.string(),
  created_at: z.string(),
});
export type LeaveLedgerEntry = z.infer<typeof LeaveLedgerEntry>;
export const LeaveLedgerQuery = z.object({ year: YearParam.optional() });
export const LeaveLedgerResponse = z.object({ entries: z.array(LeaveLedgerEntry) });
export type LeaveLedgerResponse = z.infer<typeof LeaveLedgerResponse>;

export const ApprovalStep = z.enum(['manager', 'admin']);
export type ApprovalStep = z.infer<typeof ApprovalStep>;

export const LeaveApplication = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  leave_type_id: z.number().int(),
  leave_type_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** What the application charges: working or calendar days by its type, in 0.5 steps. */
  days_requested: Days,
  start_half: LeaveHalf.nullable(),
  end_half: LeaveHalf.nullable(),
  reason: z.string(),
  status: LeaveStatus,
  applied_at: z.string(),
  created_at: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The manager a delegate decided for (their approvals handed on); null otherwise. */
  on_behalf_of: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  admin_comments: z.string().nullable(),
  /**
   * The step a pending application waits at (null once decided): `manager` waits for `approver`,
   * `admin` for any administrator.
   */
  approval_step: ApprovalStep.nullable(),
  approver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether an administrator decides after the manager approves. */
  admin_step: z.boolean(),
  /** The manager who approved the first of two steps, and when. */
  manager_approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  manager_approved_at: z.string().nullable(),
});
export type LeaveApplication = z.infer<typeof LeaveApplication>;

export const LeaveApplicationResponse = z.object({ application: LeaveApplication });
export type LeaveApplicationResponse = z.infer<typeof LeaveApplicationResponse>;
export const LeaveApplicationsResponse = z.object({ applications: z.array(LeaveApplication) });
export type LeaveApplicationsResponse = z.infer<typeof LeaveApplicationsResponse>;
/**
 * A pending application as the approval queue shows it: with the days of its type the applicant
 * would have left in its year once it is approved (its days are already held as pending), or null
 * for a type without a yearly limit.
 */
export const PendingApplication = LeaveApplication.extend({ balance_after: z.number().nullable() });
export type PendingApplication = z.infer<typeof PendingApplication>;

export const LeaveApplicationPageResponse = z.object({
  applications: z.array(PendingApplication),
  total: z.number().int(),
});
export type LeaveApplicationPageResponse = z.infer<typeof LeaveApplicationPageResponse>;
/**
 * A page of all applications: whether another page follows instead of a total, which would count
 * every application ever made (600,000 at 50,000 people) on every page and search.
 */
export const LeaveApplicationListResponse = z.object({
  applications: z.array(LeaveApplication),
  has_more: z.boolean(),
});
export type LeaveApplicationListResponse = z.infer<typeof LeaveApplicationListResponse>;

/** The pending list a page at a time, oldest application first. */
export const LeavePendingQuery = z.object({
  page: QueryInt(1, 1_000_000).default(1),
  pageSize: QueryInt(1, 100).default(20),
});
export type LeavePendingQuery = z.infer<typeof LeavePendingQuery>;

export const LeaveApplicationsQuery = z.object({
  status: LeaveStatus.optional(),
  search: Text(100).optional(),
  page: QueryInt(1, 1_000_000).default(1),
  pageSize: QueryInt(1, 100).default(20),
});
export type LeaveApplicationsQuery = z.input<typeof LeaveApplicationsQuery>;
export type LeaveApplicationsFilter = z.output<typeof LeaveApplicationsQuery>;

/** The wizard's form; the server checks the rules the form checks, and more. */
export const ApplyLeaveRequest = z.object({
  leaveTypeId: Id,
  startDate: CalendarDate,
  endDate: CalendarDate,
  /** 'afternoon': the first day counts half. */
  startHalf: LeaveHalf.optional(),
  /** 'morning': the last day counts half. */
  endHalf: LeaveHalf.optional(),
  reason: Text(2000).min(1, { error: 'must not be blank' }),
});
export type ApplyLeaveRequest = z.infer<typeof ApplyLeaveRequest>;

/** The days an application would charge, as the wizard shows them before applying. */
export const LeaveDayCountQuery = z.object({
  leaveTypeId: IdParam,
  startDate: CalendarDate,
  endDate: CalendarDate,
  startHalf: LeaveHalf.optional(),
  endHalf: LeaveHalf.optional(),
});
export type LeaveDayCountQuery = z.infer<typeof LeaveDayCountQuery>;
export const LeaveDayCountResponse = z.object({
  days: Days,
  /** Per leave year the period touches: what each year's balance is charged. */
  years: z.array(z.object({ year: z.number().int(), days: Days })),
});
export type LeaveDayCountResponse = z.infer<typeof LeaveDayCountResponse>;

export const LeaveIdParams = z.object({ id: IdParam });

export const DecideLeaveRequest = z.object({
  status: LeaveDecision,
  adminComments: Text(1000).optional(),
});
export type DecideLeaveRequest = z.infer<typeof DecideLeaveRequest>;

export const BatchDecisionRequest = z.object({
  applicationIds: z
    .array(Id)
    .min(1, { error: 'must name at least one application' })
    .max(100, { error: 'must name at most 100 applications' }),
  action: LeaveDecision,
  adminComments: Text(1000).optional(),
});
export type BatchDecisionRequest = z.infer<typeof BatchDecisionRequest>;

/** What happened to one application of a batch. */
export const BatchDecisionResult = z.object({
  applicationId: z.number().int(),
  outcome: z.enum(['decided', 'conflict', 'not_found']),
  status: LeaveStatus.nullable(),
  message: z.string(),
});
export type BatchDecisionResult = z.infer<typeof BatchDecisionResult>;
export const BatchDecisionResponse = z.object({
  results: z.array(BatchDecisionResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BatchDecisionResponse = z.infer<typeof BatchDecisionResponse>;

export const LeaveStats = z.object({
  approved_today: z.number().int(),
  rejected_today: z.number().int(),
  on_leave_today: z.number().int(),
  pending: z.number().int(),
});
export type LeaveStats = z.infer<typeof LeaveStats>;
export const LeaveStatsResponse = z.object({ stats: LeaveStats });
export type LeaveStatsResponse = z.infer<typeof LeaveStatsResponse>;

export const LeaveCalendarParams = z.object({
  year: YearParam,
  month: QueryInt(1, 12),
});
/**
 * One day of the month with leave on it: how many people have approved and pending leave that
 * day. The month answers counts, so its size does not grow with the organisation; the names
 * come a page at a time for the day someone chooses (LeaveDayResponse).
 */
export const LeaveCalendarEvent = z.object({
  date: z.string(),
  approved: z.number().int(),
  pending: z.number().int(),
  /** Of those, how many take only a half of the day (the morning or the afternoon). */
  half_day: z.number().int(),
});
export type LeaveCalendarEvent = z.infer<typeof LeaveCalendarEvent>;
export const LeaveCalendarResponse = z.object({ events: z.array(LeaveCalendarEvent) });
export type LeaveCalendarResponse = z.infer<typeof LeaveCalendarResponse>;

export const LeaveDayParams = z.object({ date: CalendarDate });
export const LeaveDayQuery = z.object({
  page: QueryInt(1, 1_000_000).default(1),
  pageSize: QueryInt(1, 100).default(20),
});
export type LeaveDayQuery = z.infer<typeof LeaveDayQuery>;
/** Someone on pending or approved leave on the chosen day. */
export const LeaveDayEntry = z.object({
  application_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  leave_type: z.string(),
  status: LeaveStatus,
  /** The part of the day the leave takes: a half day is the morning or the afternoon. */
  part: z.enum(['day', 'morning', 'afternoon']),
});
export type LeaveDayEntry = z.infer<typeof LeaveDayEntry>;
export const LeaveDayResponse = z.object({ entries: z.array(LeaveDayEntry), total: z.number().int() });
export type LeaveDayResponse = z.infer<typeof LeaveDayResponse>;

export const leaveApi = {
  // Employee: their own leave
  types: endpoint({ method: 'GET', path: '/leave/types', audience: 'user', response: LeaveTypesResponse }),
  myBalance: endpoint({
    method: 'GET',
    path: '/leave/my-balance',
    audience: 'user',
    query: LeaveLedgerQuery,
    response: LeaveBalanceResponse,
  }),
  myLedger: endpoint({
    method: 'GET',
    path: '/leave/my-ledger',
    audience: 'user',
    query: LeaveLedgerQuery,
    response: LeaveLedgerResponse,
  }),
  myApplications: endpoint({
    method: 'GET',
    path: '/leave/my-applications',
    audience: 'user',
    response: LeaveApplicationsResponse,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/leave/apply',
    audience: 'user',
    body: ApplyLeaveRequest,
    status: 201,
    response: LeaveApplicationResponse,
  }),
  dayCount: endpoint({
    method: 'GET',
    path: '/leave/day-count',
    audience: 'user',
    summary: 'The days an application would charge the caller (working days, half days)',
    query: LeaveDayCountQuery,
    response: LeaveDayCountResponse,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/leave/applications/:id/cancel',
    audience: 'user',
    summary:
      "Cancel one's own pending application, or an approved one that has not started (days given back; the approver told live)",
    params: LeaveIdParams,
    response: LeaveApplicationResponse,
  }),

  // Lists: administrators everyone's, staff their own
  applications: endpoint({
    method: 'GET',
    path: '/leave/applications',
    audience: 'user',
    query: LeaveApplicationsQuery,
    response: LeaveApplicationListResponse,
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/leave/calendar/:year/:month',
    audience: 'user',
    params: LeaveCalendarParams,
    response: LeaveCalendarResponse,
  }),
  calendarDay: endpoint({
    method: 'GET',
    path: '/leave/calendar/day/:date',
    audience: 'user',
    params: LeaveDayParams,
    query: LeaveDayQuery,
    response: LeaveDayResponse,
  }),

  // Administrator
  pending: endpoint({
    method: 'GET',
    path: '/leave/pending',
    audience: 'manager',
    query: LeavePendingQuery,
    response: LeaveApplicationPageResponse,
  }),
  stats: endpoint({ method: 'GET', path: '/leave/stats', audience: 'manager', response: LeaveStatsResponse }),
  decide: endpoint({
    method: 'PUT',
    path: '/leave/applications/:id/status',
    audience: 'manager',
    params: LeaveIdParams,
    body: DecideLeaveRequest,
    response: LeaveApplicationResponse,
  }),
  batchDecision: endpoint({
    method: 'POST',
    path: '/leave/batch-approval',
    audience: 'manager',
    body: BatchDecisionRequest,
    response: BatchDecisionResponse,
  }),

  // Policies: read by anybody signed in, changed by administrators
  policies: endpoint({
    method: 'GET',
    path: '/leave/policies',
    audience: 'user',
    response: LeavePoliciesResponse,
  }),
  createPolicy: endpoint({
    method: 'POST',
    path: '/leave/policies',
    audience: 'admin',
    body: LeavePolicyRequest,
    status: 201,
    response: LeavePolicyResponse,
  }),
  updatePolicy: endpoint({
    method: 'PUT',
    path: '/leave/policies/:id',
    audience: 'admin',
    params: LeaveIdParams,
    body: LeavePolicyRequest,
    response: LeavePolicyResponse,
  }),
  deletePolicy: endpoint({
    method: 'DELETE',
    path: '/leave/policies/:id',
    audience: 'admin',
    params: LeaveIdParams,
    response: OkResponse,
  }),
};
