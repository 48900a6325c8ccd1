import type {
  AttendanceAction,
  AttendanceListResponse,
  AttendanceOverview,
  AttendanceRecord,
  AttendanceStats,
  BulkMarkResponse,
  CorrectionRequest,
  CorrectionRequestPage,
  CorrectionRequestStatus,
  MyStatus,
} from '@atrium/contract';
import { hoursBetween } from '@atrium/contract/calendar';
import type { Today } from '../../core/clock';
import type { DomainEvent } from '../../core/events/bus';
import type { DayRow, DepartmentDayRow, RecordRow } from './attendance.repository';
import type { JoinedRequestRow, RequestRow } from './correction-requests.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A person-day as the API shows it. */
/** A person's site's today and zone. */
export type PersonDay = Pick<Today, 'date' | 'timeZone'>;

/** A person-day as the list shows it; `day` is the person's site's today and zone. */
export function toAttendanceRecord(row: DayRow, day: PersonDay): AttendanceRecord {
  const checkIn = row.check_in_time ? new Date(row.check_in_time) : null;
  const checkOut = row.check_out_time ? new Date(row.check_out_time) : null;
  return {
    id: row.record_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    department_id: row.department_id,
    department_name: row.department_name,
    date: row.date,
    check_in_time: checkIn?.toISOString() ?? null,
    check_out_time: checkOut?.toISOString() ?? null,
    attendance_status: row.status,
    hours: checkIn && checkOut ? hoursBetween(checkIn, checkOut) : null,
    late: row.late ?? false,
    early_exit: row.early_exit ?? false,
    forgotten_checkout: row.status === 'checked_in' && row.date < day.date,
    source: row.source,
    leave_type: row.leave_type,
    time_zone: day.timeZone,
  };
}

/** A person's own day as My Attendance and the dashboard show it. */
export function statusOf(record: RecordRow | undefined, today: Today): MyStatus {
  const checkOut = record?.check_out_time ?? null;
  return {
    date: today.date,
    check_in_time: record?.check_in_time.toISOString() ?? null,
    check_out_time: checkOut?.toISOString() ?? null,
    hours_worked: record ? hoursBetween(record.check_in_time, checkOut ?? today.now) : null,
    late: record?.late ?? false,
    canCheckIn: !record,
    canCheckOut: Boolean(record && !checkOut),
    time_zone: today.timeZone,
  };
}

/** A page of the attendance list: person-days, with how many there are in all. */
export const toAttendanceList = (
  rows: DayRow[],
  dayOf: (userId: number) => PersonDay,
  total: number,
  page: number,
  pageSize: number,
): AttendanceListResponse => ({
  attendance: rows.map((r) => toAttendanceRecord(r, dayOf(r.user_id))),
  total,
  page,
  pageSize,
});

/**
 * Organisation figures for one date, summed over the departments' rows; `inBuilding` (today's
 * count of who is in now) stands in for the records never checked out when given.
 */
export function toOverview(
  date: string,
  rows: DepartmentDayRow[],
  inBuilding: number | undefined,
  localDay: AttendanceOverview['localDay'],
): AttendanceOverview {
  const sum = (key: 'total' | 'present' | 'still_in' | 'absent' | 'late' | 'on_leave') =>
    rows.reduce((s, r) => s + r[key], 0);
  return {
    date,
    totalEmployees: sum('total'),
    present: sum('present'),
    stillInBuilding: inBuilding ?? sum('still_in'),
    absent: sum('absent'),
    onLeave: sum('on_leave'),
    late: sum('late'),
    departments: rows
      .filter((r) => r.id !== null && r.total > 0)
      .map((r) => ({ id: r.id!, name: r.name!, total: r.total, present: r.present, scheduled: r.scheduled })),
    localDay,
  };
}

export const toBulkResult = (
  action: 'present' | 'absent',
  date: string,
  changed: number,
  asked: number,
): BulkMarkResponse['bulk'] => ({ action, date, changed, unchanged: asked - changed });

const round = (digits: number, value: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A person's month: the share of counted days worked, hours of the checked-out days, late days,
 * and the streak.
 */
export function toAttendanceStats(
  month: string,
  days: { total: number; present: number; streak: number },
  records: RecordRow[],
): AttendanceStats {
  const complete = records.filter((r) => r.check_out_time);
  const totalHours = complete.reduce((sum, r) => sum + hoursBetween(r.check_in_time, r.check_out_time!), 0);
  return {
    month,
    attendance_rate: days.total ? round(1, (days.present / days.total) * 100) : null,
    average_hours_per_day: complete.length ? round(2, totalHours / complete.length) : null,
    total_days: days.total,
    present_days: days.present,
    total_hours: round(2, totalHours),
    late_days: records.filter((r) => r.late).length,
    streak: days.streak,
  };
}

/** A correction request with names and the day's current times; instants as ISO strings. */
export function toCorrectionRequest(row: JoinedRequestRow): CorrectionRequest {
  return {
    id: row.id,
    user: { id: row.user_id, name: `${row.first_name} ${row.last_name}` },
    first_name: row.first_name,
    last_name: row.last_name,
    department_name: row.department_name,
    date: row.date,
    record_id: row.record_id,
    recorded_check_in_time: iso(row.recorded_in),
    recorded_check_out_time: iso(row.recorded_out),
    check_in_time: iso(row.check_in_time),
    check_out_time: iso(row.check_out_time),
    reason: row.reason,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    decided_by:
      row.decided_by !== null && row.decider_first_name !== null
        ? { id: row.decided_by, name: `${row.decider_first_name} ${row.decider_last_name}` }
        : null,
    decided_at: iso(row.decided_at),
    decision_reason: row.decision_reason,
  };
}

/** A page of requests: `rows` holds one more than `limit` when another page follows. */
export function toRequestPage(rows: JoinedRequestRow[], limit: number): CorrectionRequestPage {
  const requests = rows.slice(0, limit).map(toCorrectionRequest);
  const more = rows.length > limit;
  return { requests, next_cursor: more ? String(requests.at(-1)!.id) : null };
}

/** A person's day changed: for them, their managers' and the administrators' screens. */
export const attendanceUpdate = (userId: number, date: string, action: AttendanceAction): DomainEvent => ({
  kind: 'live',
  type: 'attendance_update',
  data: { userId, date, action },
  audience: { userIds: [userId], admins: true, team: true },
});

/** A request was made, decided or withdrawn: the requester's screens and the admins' queue refresh. */
export const requestUpdate = (row: RequestRow, status: CorrectionRequestStatus): DomainEvent => ({
  kind: 'live',
  type: 'attendance_request_update',
  data: { requestId: row.id, userId: row.user_id, date: row.date, status },
  audience: { userIds: [row.user_id], admins: true },
});
