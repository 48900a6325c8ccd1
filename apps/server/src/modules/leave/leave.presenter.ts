import type {
  BatchDecisionResponse,
  BatchDecisionResult,
  LeaveApplication,
  LeaveBalance,
  LeaveCalendarEvent,
  LeaveDayResponse,
  LeaveLedgerEntry,
  LeaveNotificationType,
  LeavePolicy,
  LeaveStats,
  LeaveStatus,
  LeaveType,
} from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';
import type { ApplicationRow } from './leave.repository';
import type { CalendarDayRow, DecisionCounts, LeaveDayRow } from './leave-counts.repository';
import type { LedgerRow, LedgerSumRow } from './ledger.repository';
import type { LeaveTypeRow, PolicyRow } from './policies.repository';

/** An application with the names a screen shows; instants as ISO strings. */
export function toApplication(r: ApplicationRow): LeaveApplication {
  return {
    id: r.id,
    user: { id: r.user_id, name: `${r.first_name} ${r.last_name}` },
    user_id: r.user_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    department_id: r.department_id,
    department_name: r.department_name,
    leave_type_id: r.leave_type_id,
    leave_type_name: r.leave_type_name,
    start_date: r.start_date,
    end_date: r.end_date,
    days_requested: Number(r.days_requested),
    start_half: r.start_half,
    end_half: r.end_half,
    reason: r.reason,
    status: r.status,
    applied_at: r.applied_at.toISOString(),
    created_at: r.created_at.toISOString(),
    decided_by: r.decided_by === null ? null : { id: r.decided_by, name: r.decided_by_name ?? '' },
    on_behalf_of:
      r.decided_on_behalf_of === null
        ? null
        : { id: r.decided_on_behalf_of, name: r.on_behalf_of_name ?? '' },
    decided_at: r.decided_at ? r.decided_at.toISOString() : null,
    admin_comments: r.admin_comments,
    approval_step: r.approval_step,
    approver: r.approver_id === null ? null : { id: r.approver_id, name: r.approver_name ?? '' },
    admin_step: r.admin_step,
    manager_approved_by:
      r.manager_approved_by === null
        ? null
        : { id: r.manager_approved_by, name: r.manager_approved_by_name ?? '' },
    manager_approved_at: r.manager_approved_at ? r.manager_approved_at.toISOString() : null,
  };
}

export const toLeaveType = (r: LeaveTypeRow): LeaveType => ({
  id: r.id,
  leave_name: r.leave_name,
  leave_code: r.leave_code,
  max_days_per_year: r.max_days_per_year,
  requires_approval: r.requires_approval,
  working_days_only: r.working_days_only,
});

export const toPolicy = (r: PolicyRow): LeavePolicy => ({
  id: r.policy_id,
  leave_type_id: r.id,
  leave_code: r.leave_code,
  name: r.leave_name,
  description: r.description,
  max_days: r.max_days_per_year,
  carry_forward: r.carry_forward,
  carry_forward_cap: r.carry_forward_cap,
  requires_approval: r.requires_approval,
  approval_route: r.approval_route,
  admin_step_over_days: r.admin_step_over_days,
  working_days_only: r.working_days_only,
  paid: r.paid,
  applications: Number(r.applications ?? 0),
});

/** One person's balance of a type for a year, from its ledger sums. */
export function toBalance(r: LedgerSumRow, year: number): LeaveBalance {
  const unlimited = r.max_days_per_year === 0;
  const entitled = Number(r.entitled);
  const used = Number(r.used);
  const pending = Number(r.pending);
  return {
    leave_type_id: r.id,
    leave_type: r.leave_name,
    year,
    max_days_per_year: r.max_days_per_year,
    unlimited,
    carried_forward: Number(r.carried),
    entitled_days: entitled,
    used_days: used,
    pending_applications: Number(r.pending_applications ?? 0),
    pending_days: pending,
    remaining_days: unlimited ? null : entitled - used - pending,
  };
}

export const toLedgerEntry = (r: LedgerRow): LeaveLedgerEntry => ({
  id: Number(r.id),
  leave_type: r.leave_name,
  year: r.leave_year,
  kind: r.kind,
  application_id: r.application_id,
  entitled_days: Number(r.entitled_days),
  pending_days: Number(r.pending_days),
  used_days: Number(r.used_days),
  note: r.note,
  created_at: r.created_at.toISOString(),
});

export const toLeaveStats = (c: DecisionCounts): LeaveStats => ({
  approved_today: Number(c.approved),
  rejected_today: Number(c.rejected),
  on_leave_today: Number(c.away),
  pending: c.pending,
});

/** A day of the month with leave on it. */
export const toCalendarDay = (r: CalendarDayRow): LeaveCalendarEvent => ({
  date: r.date,
  approved: r.approved,
  pending: r.pending,
  half_day: r.half_day,
});

/** Who is on leave on a day, a page of them, and how many in all. */
export const toLeaveDay = (rows: LeaveDayRow[], total: number): LeaveDayResponse => ({
  entries: rows.map((r) => ({
    application_id: r.application_id,
    user: { id: r.user_id, name: r.name },
    leave_type: r.leave_type,
    status: r.status,
    part: r.part,
  })),
  total,
});

export const decidedResult = (
  applicationId: number,
  status: LeaveStatus,
  action: string,
): BatchDecisionResult => ({
  applicationId,
  outcome: 'decided',
  status,
  message: `Application ${action}`,
});

export const refusedResult = (
  applicationId: number,
  code: string,
  status: LeaveStatus | null,
  message: string,
): BatchDecisionResult => ({
  applicationId,
  outcome: code === 'not_found' ? 'not_found' : 'conflict',
  status,
  message,
});

export function toBatchResponse(results: BatchDecisionResult[]): BatchDecisionResponse {
  const succeeded = results.filter((r) => r.outcome === 'decided').length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** An application changed: administrators see every change; the applicant's own screens refresh too. */
export const applicationChanged = (
  application: { id: number; user_id: number },
  status: LeaveStatus,
  approvers: (number | null)[] = [],
): DomainEvent => ({
  kind: 'live',
  type: 'leave_application_update',
  data: { applicationId: application.id, status },
  // Admins see every change; the applicant's own screens and their managers' queues refresh too.
  audience: {
    admins: true,
    userIds: [...new Set([application.user_id, ...approvers.filter((id): id is number => id !== null)])],
    team: true,
  },
});

/** A toast for one person: the applicant of a decision, or the approver of a cancelled leave. */
export const statusNotification = (
  person: { id: number; name: string },
  text: { message: string; type: LeaveNotificationType },
): DomainEvent => ({
  kind: 'live',
  type: 'leave_status_notification',
  data: { message: text.message, type: text.type, user: person },
  audience: { userIds: [person.id] },
});
