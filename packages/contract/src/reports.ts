import { z } from 'zod';
import { CalendarDate, IdParam } from './common';
import { endpoint } from './endpoint';

/** The five report types, with the specification's ids, and payroll (issue 34). */
export const ReportType = z.enum(
  ['attendance', 'leave', 'access', 'department', 'people-analytics', 'payroll'],
  {
    error: 'must be one of attendance, leave, access, department, people-analytics, payroll',
  },
);
export type ReportType = z.infer<typeof ReportType>;

export const ReportParams = z.object({ type: ReportType });

/**
 * With siteId the report is one site's: its people (by their effective site: their own, else their
 * department's), its doors and devices, its people counters; every site's when absent.
 */
export const ReportQuery = z.object({
  startDate: CalendarDate,
  endDate: CalendarDate,
  siteId: IdParam.optional(),
});

/**
 * The longest range of each report, in days with the start and end included: a whole year, leap
 * or not (January to December, or any twelve months), and no more. Beyond it the server answers
 * 400 naming endDate (rule range_too_long).
 */
export const REPORT_MAX_DAYS: Record<ReportType, number> = {
  attendance: 366,
  leave: 366,
  access: 366,
  department: 366,
  'people-analytics': 366,
  // A quarter: one row per person per pay period, and weekly periods over a year at 50,000
  // people would be 2.6 million rows on screen.
  payroll: 93,
};
export type ReportQuery = z.infer<typeof ReportQuery>;

/** CSV is the payroll report's only (the server answers 400 naming format for the others). */
export const ReportExportQuery = ReportQuery.extend({
  format: z.enum(['pdf', 'xlsx', 'csv'], { error: 'must be pdf, xlsx or csv' }),
});
export type ReportExportQuery = z.infer<typeof ReportExportQuery>;

/** How a figure is shown and typed in exports; days of leave come in half-day steps. */
export const ValueKind = z.enum(['text', 'number', 'percent', 'hours', 'days', 'date']);
export type ValueKind = z.infer<typeof ValueKind>;

export const SummaryCard = z.object({ label: z.string(), value: z.number(), kind: ValueKind });
export type SummaryCard = z.infer<typeof SummaryCard>;

export const ReportChart = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['bar', 'line', 'area']),
  /** The row field on the x axis. */
  xKey: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  /** The row field that names a point in full, for tooltips ("Average per Thursday (2 in range)"); xKey when absent. */
  labelKey: z.string().optional(),
  /** The series are parts of one whole (used + pending + remaining = entitlement), drawn stacked. */
  stacked: z.boolean().optional(),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type ReportChart = z.infer<typeof ReportChart>;

export const ReportColumn = z.object({ key: z.string(), label: z.string(), kind: ValueKind });
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportRow = Record<string, string | number | null>;

export const Report = z.object({
  type: ReportType,
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** True when start is after end: the range holds no day (allowed, as the specification says). */
  emptyRange: z.boolean(),
  /**
   * What a day of the report means: "Site: <name> (<zone>); days are its local days" for one
   * site's report, "Days are each site's local days" over sites in several zones, null when every
   * site keeps one zone.
   */
  days: z.string().nullable(),
  /** Always four cards. */
  summary: z.array(SummaryCard),
  charts: z.array(ReportChart),
  tableTitle: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  /** Rules stated with the report (e.g. the efficiency thresholds). */
  notes: z.array(z.string()),
});
export type Report = z.infer<typeof Report>;

export const ReportResponse = z.object({ report: Report });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** Efficiency by attendance percent: the thresholds the Department Report states. */
export const EFFICIENCY_THRESHOLDS = [
  { label: 'Excellent', min: 95 },
  { label: 'High', min: 90 },
  { label: 'Good', min: 80 },
  { label: 'Average', min: 0 },
] as const;
export type Efficiency = (typeof EFFICIENCY_THRESHOLDS)[number]['label'];

export function efficiencyOf(attendancePercent: number): Efficiency {
  return (EFFICIENCY_THRESHOLDS.find((t) => attendancePercent >= t.min) ?? EFFICIENCY_THRESHOLDS[3]).label;
}

export const REPORT_TYPES: readonly { id: ReportType; name: string; description: string }[] = [
  {
    id: 'attendance',
    name: 'Attendance Report',
    description: 'Employee attendance, late arrivals and absences',
  },
  { id: 'leave', name: 'Leave Report', description: 'Leave balances and usage by type' },
  { id: 'access', name: 'Access Control Report', description: 'Access events, denied attempts and alerts' },
  { id: 'department', name: 'Department Report', description: 'Department performance and efficiency' },
  {
    id: 'people-analytics',
    name: 'People Counting Report',
    description: 'Visitor traffic and conversion analytics',
  },
  {
    id: 'payroll',
    name: 'Payroll',
    description:
      "Per person and pay period: regular and overtime hours (beyond the day's schedule, and beyond the weekly threshold), late minutes, absent days, paid and unpaid leave by type, public holidays worked",
  },
];

/** The payroll report's fixed columns, in order; one column per leave type follows them. */
export const PAYROLL_COLUMNS = [
  { key: 'employeeNumber', label: 'Employee ID', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'department', label: 'Department', kind: 'text' },
  { key: 'periodStart', label: 'Period Start', kind: 'date' },
  { key: 'periodEnd', label: 'Period End', kind: 'date' },
  { key: 'regularHours', label: 'Regular Hours', kind: 'hours' },
  { key: 'overtimeHours', label: 'Overtime Hours', kind: 'hours' },
  { key: 'lateMinutes', label: 'Late Minutes', kind: 'number' },
  { key: 'lateDays', label: 'Late Days', kind: 'number' },
  { key: 'absentDays', label: 'Absent Days', kind: 'number' },
  { key: 'holidaysWorked', label: 'Holidays Worked', kind: 'number' },
] as const satisfies readonly ReportColumn[];

/** The key of a leave type's column in payroll rows: its code, e.g. leave_AL. */
export const payrollLeaveKey = (leaveCode: string) => `leave_${leaveCode}`;

export const reportsApi = {
  report: endpoint({
    method: 'GET',
    path: '/reports/:type',
    audience: 'manager',
    summary: 'A report computed from the organisation data over a date range',
    params: ReportParams,
    query: ReportQuery,
    response: ReportResponse,
    responseCheck: 'types',
  }),
  export: endpoint({
    method: 'GET',
    path: '/reports/:type/export',
    audience: 'manager',
    summary: 'The report as a streamed PDF or Excel file (payroll also as CSV)',
    params: ReportParams,
    query: ReportExportQuery,
    produces: 'file',
    mediaTypes: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ],
  }),
};
