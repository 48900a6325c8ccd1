import { z } from 'zod';
import { OkResponse } from './auth';
import { CalendarDate, Id, IdParam, Month, QueryInt, Text, Timestamp } from './common';
import { endpoint } from './endpoint';

export const MonthParam = Month;

/**
 * A listed person-day: worked (complete or still checked in), on approved leave, or absent (an
 * employed person's workday up to today with neither a record nor leave). Days off, holidays and
 * days outside a person's employment are not listed.
 */
export const AttendanceStatus = z.enum(['complete', 'checked_in', 'absent', 'on_leave']);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

export const AttendanceSource = z.enum(['web', 'bulk', 'correction', 'badge']);
export type AttendanceSource = z.infer<typeof AttendanceSource>;

/** What changed a person's day, as the live `attendance_update` event names it. */
export const AttendanceAction = z.enum([
  'check_in',
  'check_out',
  'bulk_present',
  'bulk_absent',
  'corrected',
  'deleted',
]);
export type AttendanceAction = z.infer<typeof AttendanceAction>;

/** Today's attendance of the signed-in person; the flags say which action the server will accept. */
export const MyStatus = z.object({
  date: z.string(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  /** Hours so far while checked in, final hours after check-out, null before check-in. */
  hours_worked: z.number().nullable(),
  late: z.boolean(),
  canCheckIn: z.boolean(),
  canCheckOut: z.boolean(),
  /** The person's site's IANA zone: `date` and the times are that site's local ones. */
  time_zone: z.string(),
});
export type MyStatus = z.infer<typeof MyStatus>;
export const MyStatusResponse = z.object({ status: MyStatus });
export type MyStatusResponse = z.infer<typeof MyStatusResponse>;

/**
 * One person on one day. Absent and on-leave rows are computed for scheduled, employed people
 * without a record: they have `id: null` and no times.
 */
export const AttendanceRecord = z.object({
  id: z.number().int().nullable(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  date: z.string(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  attendance_status: AttendanceStatus,
  hours: z.number().nullable(),
  late: z.boolean(),
  early_exit: z.boolean(),
  /** Checked in, never checked out, and the day is over. */
  forgotten_checkout: z.boolean(),
  source: AttendanceSource.nullable(),
  /** The approved leave type covering the day (a half day can also have a record). */
  leave_type: z.string().nullable(),
  /** The person's site's IANA zone: the day and its times are that site's local ones. */
  time_zone: z.string(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const AttendanceListQuery = z.object({
  date: CalendarDate.optional(),
  startDate: CalendarDate.optional(),
  endDate: CalendarDate.optional(),
  department: IdParam.optional(),
  /** People whose site (their own, else their department's) this is; its today when no date is given. */
  siteId: IdParam.optional(),
  status: AttendanceStatus.optional(),
  search: Text(100).optional(),
  userId: IdParam.optional(),
  page: QueryInt(1, 1_000_000).default(1),
  pageSize: QueryInt(1, 200).default(25),
});
export type AttendanceListQuery = z.infer<typeof AttendanceListQuery>;

export const AttendanceListResponse = z.object({
  attendance: z.array(AttendanceRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AttendanceListResponse = z.infer<typeof AttendanceListResponse>;

export const AttendanceStatsQuery = z.object({ month: MonthParam.optional() });
export const AttendanceStats = z.object({
  month: z.string(),
  /** Percent of scheduled workdays (so far this month) with a check-in; null when none yet. */
  attendance_rate: z.number().nullable(),
  average_hours_per_day: z.number().nullable(),
  total_days: z.number().int(),
  present_days: z.number().int(),
  total_hours: z.number(),
  late_days: z.number().int(),
  /** Consecutive scheduled workdays with a check-in, counting back from today. */
  streak: z.number().int(),
});
export type AttendanceStats = z.infer<typeof AttendanceStats>;
export const AttendanceStatsResponse = z.object({ stats: AttendanceStats });
export type AttendanceStatsResponse = z.infer<typeof AttendanceStatsResponse>;

export const BulkMarkRequest = z.object({
  userIds: z.array(Id).min(1, { error: 'must name at least one person' }).max(1000),
  date: CalendarDate,
});
export type BulkMarkRequest = z.infer<typeof BulkMarkRequest>;
export const BulkMarkResponse = z.object({
  bulk: z.object({
    action: z.enum(['present', 'absent']),
    date: z.string(),
    /** People whose day changed; the others were already in the requested state. */
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
});
export type BulkMarkResponse = z.infer<typeof BulkMarkResponse>;

const Reason = Text(500).min(1, { error: 'is required' });

export const AttendanceIdParams = z.object({ id: IdParam });
export const CorrectAttendanceRequest = z
  .object({
    check_in_time: Timestamp.optional(),
    check_out_time: Timestamp.nullable().optional(),
    reason: Reason,
  })
  .refine((b) => b.check_in_time !== undefined || b.check_out_time !== undefined, {
    error: 'or check-out is required',
    path: ['check_in_time'],
  });
export type CorrectAttendanceRequest = z.infer<typeof CorrectAttendanceRequest>;
export const DeleteAttendanceRequest = z.object({ reason: Reason });
export type DeleteAttendanceRequest = z.infer<typeof DeleteAttendanceRequest>;
export const AttendanceRecordResponse = z.object({ record: AttendanceRecord });
export type AttendanceRecordResponse = z.infer<typeof AttendanceRecordResponse>;

/**
 * The export takes the list's own department and search filters (the server applies the same
 * search), not a list of ids the browser worked out; status is per day, so every day is kept.
 */
export const ExportAttendanceRequest = z.object({
  /** Empty or missing: everyone (whom the filters leave). */
  userIds: z.array(Id).max(5000).optional(),
  startDate: CalendarDate,
  endDate: CalendarDate,
  department: AttendanceListQuery.shape.department,
  siteId: AttendanceListQuery.shape.siteId,
  search: AttendanceListQuery.shape.search,
  format: z.literal('csv').default('csv'),
});
export type ExportAttendanceRequest = z.input<typeof ExportAttendanceRequest>;
/** The export request as the server reads it (after defaults and coercion). */
export type ExportAttendanceFilter = z.output<typeof ExportAttendanceRequest>;

export const OverviewQuery = z.object({
  date: CalendarDate.optional(),
  /** The figures of this site's people (their own site, else their department's), on its own today. */
  siteId: IdParam.optional(),
});
export const DepartmentAttendance = z.object({
  id: z.number().int(),
  name: z.string(),
  total: z.number().int(),
  present: z.number().int(),
  scheduled: z.boolean(),
});
export type DepartmentAttendance = z.infer<typeof DepartmentAttendance>;
/** Organisation-wide figures for one date (admin); totalEmployees counts those employed that day. */
export const AttendanceOverview = z.object({
  date: z.string(),
  totalEmployees: z.number().int(),
  present: z.number().int(),
  stillInBuilding: z.number().int(),
  /** Scheduled, employed people without a record or approved leave. */
  absent: z.number().int(),
  /** Scheduled, employed people without a record, on approved leave. */
  onLeave: z.number().int(),
  late: z.number().int(),
  departments: z.array(DepartmentAttendance),
  /**
   * What the date means: 'organisation' when every site keeps one zone; 'each_site' when the
   * sites span zones, and each person counts on their own site's local day (today: each site's today);
   * 'site' when one site was asked for: the date is that site's (its today by default).
   */
  localDay: z.enum(['organisation', 'each_site', 'site']),
});
export type AttendanceOverview = z.infer<typeof AttendanceOverview>;
export const AttendanceOverviewResponse = z.object({ overview: AttendanceOverview });
export type AttendanceOverviewResponse = z.infer<typeof AttendanceOverviewResponse>;

/** The two bulk actions, one endpoint each (the spec's paths). */
const bulkMark = (action: 'present' | 'absent') =>
  endpoint({
    method: 'POST',
    path: `/attendance/bulk-mark-${action}`,
    audience: 'admin',
    summary: `Mark people ${action} for a date (idempotent, one transaction)`,
    body: BulkMarkRequest,
    response: BulkMarkResponse,
  });

export const attendanceApi = {
  checkIn: endpoint({
    method: 'POST',
    path: '/attendance/check-in',
    audience: 'user',
    response: MyStatusResponse,
  }),
  checkOut: endpoint({
    method: 'POST',
    path: '/attendance/check-out',
    audience: 'user',
    response: MyStatusResponse,
  }),
  myStatus: endpoint({
    method: 'GET',
    path: '/attendance/my-status',
    audience: 'user',
    response: MyStatusResponse,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/attendance/stats',
    audience: 'user',
    summary: "The caller's own figures for a month",
    query: AttendanceStatsQuery,
    response: AttendanceStatsResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: '/attendance',
    audience: 'user',
    summary: 'Person-days: administrators everyone, staff their own',
    query: AttendanceListQuery,
    response: AttendanceListResponse,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/attendance/overview',
    audience: 'admin',
    query: OverviewQuery,
    response: AttendanceOverviewResponse,
  }),
  bulkMarkPresent: bulkMark('present'),
  bulkMarkAbsent: bulkMark('absent'),
  correct: endpoint({
    method: 'PATCH',
    path: '/attendance/:id',
    audience: 'admin',
    params: AttendanceIdParams,
    body: CorrectAttendanceRequest,
    response: AttendanceRecordResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/attendance/:id',
    audience: 'admin',
    params: AttendanceIdParams,
    body: DeleteAttendanceRequest,
    response: OkResponse,
  }),
  exportCsv: endpoint({
    method: 'POST',
    path: '/attendance/export',
    audience: 'manager',
    summary: 'CSV of every person-day in the range, narrowed by the list filters',
    body: ExportAttendanceRequest,
    produces: 'file',
  }),
};
