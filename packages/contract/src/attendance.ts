import { z } from 'zod';
import { CalendarDate } from './common';

export const MonthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month as YYYY-MM' });

export const AttendanceStatus = z.enum(['complete', 'checked_in', 'absent']);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

export const AttendanceSource = z.enum(['web', 'bulk', 'correction', 'badge']);
export type AttendanceSource = z.infer<typeof AttendanceSource>;

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
});
export type MyStatus = z.infer<typeof MyStatus>;
export const MyStatusResponse = z.object({ status: MyStatus });
export type MyStatusResponse = z.infer<typeof MyStatusResponse>;

/**
 * One person on one day. Absent rows are computed for scheduled people without a record:
 * they have `id: null` and no times.
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
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const AttendanceListQuery = z.object({
  date: CalendarDate.optional(),
  startDate: CalendarDate.optional(),
  endDate: CalendarDate.optional(),
  department: z.coerce.number().int().positive().optional(),
  status: AttendanceStatus.optional(),
  search: z.string().trim().max(100).optional(),
  userId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
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
  userIds: z.array(z.number().int().positive()).min(1, { error: 'select at least one person' }).max(1000),
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

const Reason = z.string().trim().min(1, { error: 'is required' }).max(500);

export const AttendanceIdParams = z.object({ id: z.coerce.number().int().positive() });
export const CorrectAttendanceRequest = z
  .object({
    check_in_time: z.iso.datetime({ offset: true }).optional(),
    check_out_time: z.iso.datetime({ offset: true }).nullable().optional(),
    reason: Reason,
  })
  .refine((b) => b.check_in_time !== undefined || b.check_out_time !== undefined, {
    error: 'give check_in_time or check_out_time',
    path: ['check_in_time'],
  });
export type CorrectAttendanceRequest = z.infer<typeof CorrectAttendanceRequest>;
export const DeleteAttendanceRequest = z.object({ reason: Reason });
export type DeleteAttendanceRequest = z.infer<typeof DeleteAttendanceRequest>;
export const AttendanceRecordResponse = z.object({ record: AttendanceRecord });
export type AttendanceRecordResponse = z.infer<typeof AttendanceRecordResponse>;

export const ExportAttendanceRequest = z.object({
  /** Empty or missing: everyone. */
  userIds: z.array(z.number().int().positive()).max(5000).optional(),
  startDate: CalendarDate,
  endDate: CalendarDate,
  format: z.literal('csv').default('csv'),
});
export type ExportAttendanceRequest = z.input<typeof ExportAttendanceRequest>;

export const OverviewQuery = z.object({ date: CalendarDate.optional() });
export const DepartmentAttendance = z.object({
  id: z.number().int(),
  name: z.string(),
  total: z.number().int(),
  present: z.number().int(),
  scheduled: z.boolean(),
});
export type DepartmentAttendance = z.infer<typeof DepartmentAttendance>;
/** Organisation-wide figures for one date (admin). */
export const AttendanceOverview = z.object({
  date: z.string(),
  totalEmployees: z.number().int(),
  present: z.number().int(),
  stillInBuilding: z.number().int(),
  /** Scheduled people without a record. */
  absent: z.number().int(),
  late: z.number().int(),
  departments: z.array(DepartmentAttendance),
});
export type AttendanceOverview = z.infer<typeof AttendanceOverview>;
export const AttendanceOverviewResponse = z.object({ overview: AttendanceOverview });
export type AttendanceOverviewResponse = z.infer<typeof AttendanceOverviewResponse>;
