import {
  PAYROLL_COLUMNS,
  type PayrollSettings,
  payPeriodsCovering,
  payrollLeaveKey,
  type ReportColumn,
  type ReportRow,
} from '@atrium/contract';
import type { Db } from '../../db/connection';
import { readPayrollSettings } from '../payroll/payroll-settings.repository';
import {
  type PayrollLeaveType,
  type PayrollLine,
  type PayrollPlan,
  payrollBatches,
  payrollLeaveTypes,
} from './payroll.repository';
import type { Body } from './reports.presenter';
import type { Range, Who } from './reports.repository';

/** People per read: about 60,000 person-days for a month, a fraction of a second each. */
export const PAYROLL_BATCH = 2000;

/** What every payroll file and screen needs: the plan, and the leave types that make columns. */
export interface PayrollSetup {
  plan: PayrollPlan;
  leaveTypes: PayrollLeaveType[];
  /** What a day means (the one site's, or each site's over several zones), or null. */
  daysNote: string | null;
}

/**
 * The payroll plan for a report range: the whole pay periods that overlap it (a period is paid
 * whole, so the report may reach beyond the range at either end), and absence judged on days
 * that have ended (`judgedTo` of the widened range, as the attendance report judges its own).
 */
export async function payrollSetup(
  db: Db,
  range: Range,
  who: Who,
  context: { timeZone: string; judgedTo: (range: Range) => Promise<string>; daysNote: string | null },
): Promise<PayrollSetup> {
  const [settings, leaveTypes] = await Promise.all([readPayrollSettings(db), payrollLeaveTypes(db)]);
  const periods =
    range.startDate > range.endDate ? [] : payPeriodsCovering(settings, range.startDate, range.endDate);
  const widened =
    periods.length === 0 ? range : { startDate: periods[0]!.start, endDate: periods.at(-1)!.end };
  const judgedTo = await context.judgedTo(widened);
  return {
    plan: { periods, settings, judgedTo, timeZone: context.timeZone, who },
    leaveTypes,
    daysNote: context.daysNote,
  };
}

/** The payroll table's columns: the fixed ones, then a column of days per leave type. */
export function payrollColumns(leaveTypes: PayrollLeaveType[]): ReportColumn[] {
  return [
    ...PAYROLL_COLUMNS,
    ...leaveTypes.map((t) => ({
      key: payrollLeaveKey(t.code),
      label: `${t.name} (${t.paid ? 'paid' : 'unpaid'}) Days`,
      kind: 'days' as const,
    })),
  ];
}

export function payrollRow(line: PayrollLine, leaveTypes: PayrollLeaveType[]): ReportRow {
  const row: ReportRow = {
    employeeNumber: line.employeeNumber,
    name: line.name,
    department: line.department,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    regularHours: line.regularHours,
    overtimeHours: line.overtimeHours,
    lateMinutes: line.lateMinutes,
    lateDays: line.lateDays,
    absentDays: line.absentDays,
    holidaysWorked: line.holidaysWorked,
  };
  for (const t of leaveTypes) row[payrollLeaveKey(t.code)] = line.leave[String(t.id)] ?? 0;
  return row;
}

const PERIOD_NAMES: Record<PayrollSettings['payPeriod'], string> = {
  weekly: 'weekly',
  biweekly: 'every two weeks',
  monthly: 'monthly',
};

/** The rules as the report states them (and the files' Summary sheet repeats). */
export function payrollNotes(settings: PayrollSettings): string[] {
  const after = settings.dailyOvertimeAfterMinutes;
  return [
    `Pay period: ${PERIOD_NAMES[settings.payPeriod]}${settings.payPeriod === 'monthly' ? '' : `, counted from ${settings.anchorDate}`}; every pay period that overlaps the dates is reported whole.`,
    `Overtime: a day's work beyond its scheduled hours${after > 0 ? ` plus ${after} minutes` : ''} (all of it on a day off or a public holiday), and in each week of a period (7-day blocks from its first day) the other hours beyond ${settings.weeklyThresholdHours} h. Regular hours are the rest.`,
    'Late minutes: from the scheduled start to the check-in, for each check-in the attendance record marks late. Absent days: scheduled days that have ended without a record or approved leave, within the employment dates (as in the Attendance Report).',
    'Leave: approved days charged in the period, by type, paid or unpaid (half days as 0.5). Holidays worked: public holidays with an attendance record.',
  ];
}

/** The payroll report on screen: every line of every batch, with four summary cards. */
export async function payrollBody(db: Db, setup: PayrollSetup, signal?: AbortSignal): Promise<Body> {
  const rows: ReportRow[] = [];
  const people = new Set<number>();
  let regular = 0;
  let overtime = 0;
  let absent = 0;
  for await (const batch of payrollBatches(db, setup.plan, PAYROLL_BATCH, signal)) {
    for (const line of batch) {
      people.add(line.userId);
      regular += line.regularHours;
      overtime += line.overtimeHours;
      absent += line.absentDays;
      rows.push(payrollRow(line, setup.leaveTypes));
    }
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    summary: [
      { label: 'People', value: people.size, kind: 'number' },
      { label: 'Regular Hours', value: round(regular), kind: 'hours' },
      { label: 'Overtime Hours', value: round(overtime), kind: 'hours' },
      { label: 'Absent Days', value: absent, kind: 'days' },
    ],
    charts: [],
    tableTitle: 'Payroll by Person and Pay Period',
    columns: payrollColumns(setup.leaveTypes),
    rows,
    notes: payrollNotes(setup.plan.settings),
  };
}
