import {
  EFFICIENCY_THRESHOLDS,
  efficiencyOf,
  REPORT_TYPES,
  type Report,
  type ReportColumn,
  type ReportType,
} from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import type { DayTotals } from '../counting/counting.repository';
import { conversionRate, walkInRate } from '../counting/rates';
import type { AccessPointDay } from './places.repository';
import { leaveBalanceChart, weekdayAverages } from './report-charts';
import type {
  DepartmentRow,
  MonthAttendance,
  PersonAttendance,
  PersonLeave,
  Range,
  TypeBalance,
} from './reports.repository';

/** What each report kind computes; toReport adds the type, title and range around it. */
export type Body = Omit<Report, 'type' | 'title' | 'startDate' | 'endDate' | 'emptyRange' | 'days'>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));
const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((acc, r) => acc + pick(r), 0);

/** The Department report's table (its PDF test lays out these columns with long cells). */
export const DEPARTMENT_COLUMNS: ReportColumn[] = [
  { key: 'department', label: 'Department', kind: 'text' },
  { key: 'manager', label: 'Manager', kind: 'text' },
  { key: 'employees', label: 'Employees', kind: 'number' },
  { key: 'attendance', label: 'Attendance %', kind: 'percent' },
  { key: 'avgHours', label: 'Average Hours', kind: 'hours' },
  { key: 'totalHours', label: 'Total Hours', kind: 'hours' },
  { key: 'lateCount', label: 'Late Count', kind: 'number' },
  { key: 'efficiency', label: 'Efficiency', kind: 'text' },
];

/**
 * A report as the API answers it: its type, title, range and what its days mean around what the
 * kind computed.
 */
export function toReport(
  type: ReportType,
  range: Range,
  emptyRange: boolean,
  body: Body,
  days: string | null = null,
): Report {
  const title = REPORT_TYPES.find((t) => t.id === type)?.name ?? type;
  return { type, title, ...range, emptyRange, days, ...body };
}

/** One department's row of the Department report. */
export type DepartmentFigures = ReturnType<typeof departmentFigures>[number];

/** Department figures summed from the people's, so both reports count a person alike. */
export function departmentFigures(departments: DepartmentRow[], people: PersonAttendance[]) {
  // Grouped once: filtering 50,000 people per department cost 50 passes over all of them.
  const byDepartment = new Map<number | null, PersonAttendance[]>();
  for (const p of people) {
    const members = byDepartment.get(p.departmentId);
    if (members) members.push(p);
    else byDepartment.set(p.departmentId, [p]);
  }
  return departments.map((d) => {
    const members = byDepartment.get(d.id) ?? [];
    const present = sum(members, (p) => p.present);
    const scheduled = sum(members, (p) => p.scheduledPresent);
    const attendance = percent(scheduled, scheduled + sum(members, (p) => p.absent));
    const totalHours = oneDecimal(sum(members, (p) => p.hours));
    return {
      department: d.name,
      manager: d.manager ?? '',
      employees: members.length,
      attendance,
      avgHours: present === 0 ? 0 : oneDecimal(totalHours / present),
      totalHours,
      lateCount: sum(members, (p) => p.late),
      efficiency: efficiencyOf(attendance),
    };
  });
}

export function attendanceBody(
  people: PersonAttendance[],
  months: MonthAttendance[],
  departments: DepartmentFigures[],
): Body {
  const present = sum(people, (p) => p.present);
  const absent = sum(people, (p) => p.absent);
  return {
    summary: [
      { label: 'Employees', value: people.length, kind: 'number' },
      { label: 'Present Days', value: present, kind: 'number' },
      { label: 'Late Days', value: sum(people, (p) => p.late), kind: 'number' },
      { label: 'Attendance Rate', value: percent(present, present + absent), kind: 'percent' },
    ],
    charts: [
      {
        id: 'monthly',
        title: 'Monthly Attendance',
        kind: 'bar',
        xKey: 'month',
        series: [
          { key: 'present', label: 'Present' },
          { key: 'late', label: 'Late' },
          { key: 'absent', label: 'Absent' },
        ],
        data: months.map((m) => ({ ...m })),
      },
      {
        id: 'departments',
        title: 'Department Metrics',
        kind: 'bar',
        xKey: 'department',
        series: [
          { key: 'attendance', label: 'Attendance %' },
          { key: 'avgHours', label: 'Average Hours' },
        ],
        data: departments.map((d) => ({
          department: d.department,
          attendance: d.attendance,
          avgHours: d.avgHours,
        })),
      },
    ],
    tableTitle: 'Employee Attendance',
    columns: [
      { key: 'employee', label: 'Employee', kind: 'text' },
      { key: 'department', label: 'Department', kind: 'text' },
      { key: 'present', label: 'Present Days', kind: 'number' },
      { key: 'late', label: 'Late Days', kind: 'number' },
      { key: 'absent', label: 'Absent Days', kind: 'number' },
      { key: 'hours', label: 'Total Hours', kind: 'hours' },
    ],
    rows: people.map((p) => ({
      employee: p.name,
      department: p.department,
      present: p.present,
      late: p.late,
      absent: p.absent,
      hours: p.hours,
    })),
    notes: [
      'Absent days are scheduled workdays of a person’s employment (under the schedule in force that day; public holidays are nobody’s workday) that have ended with neither a check-in nor approved leave.',
    ],
  };
}

export function leaveBody(
  people: PersonLeave[],
  months: { month: string; days: number }[],
  balances: TypeBalance[],
  year: number,
): Body {
  const used = sum(people, (p) => p.totalUsed);
  const remaining = sum(people, (p) => p.remaining);
  return {
    summary: [
      { label: 'Employees', value: people.length, kind: 'number' },
      { label: 'Leave Days Used', value: used, kind: 'days' },
      { label: 'Days Remaining', value: remaining, kind: 'days' },
      { label: 'Employees on Leave', value: people.filter((p) => p.totalUsed > 0).length, kind: 'number' },
    ],
    charts: [
      leaveBalanceChart(balances, year),
      {
        id: 'monthly',
        title: 'Monthly Leave Days',
        kind: 'line',
        xKey: 'month',
        series: [{ key: 'days', label: 'Leave Days' }],
        data: months,
      },
    ],
    tableTitle: 'Leave by Type',
    columns: [
      { key: 'employee', label: 'Employee', kind: 'text' },
      { key: 'department', label: 'Department', kind: 'text' },
      { key: 'annual', label: 'Annual', kind: 'days' },
      { key: 'sick', label: 'Sick', kind: 'days' },
      { key: 'personal', label: 'Personal', kind: 'days' },
      { key: 'totalUsed', label: 'Total Used', kind: 'days' },
      { key: 'remaining', label: 'Remaining', kind: 'days' },
    ],
    rows: people.map((p) => ({
      employee: p.name,
      department: p.department,
      annual: p.annual,
      sick: p.sick,
      personal: p.personal,
      totalUsed: p.totalUsed,
      remaining: p.remaining,
    })),
    notes: [
      'Used days are approved leave inside the range; remaining is the balance of the end date’s year.',
      `The balance chart is ${year}’s: for each leave type, the average person’s entitlement split into days used, pending and remaining.`,
    ],
  };
}

export function accessBody(range: Range, empty: boolean, rows: AccessPointDay[], alerts: number): Body {
  const daily = new Map<string, { day: string; granted: number; denied: number }>();
  for (let day = range.startDate; !empty && day <= range.endDate; day = addDays(day, 1))
    daily.set(day, { day, granted: 0, denied: 0 });
  for (const r of rows) {
    const d = daily.get(r.day);
    if (d) {
      d.granted += r.entries + r.exits;
      d.denied += r.denied;
    }
  }
  const passages = sum(rows, (r) => r.entries + r.exits);
  return {
    summary: [
      { label: 'Passages', value: passages, kind: 'number' },
      { label: 'Denied Attempts', value: sum(rows, (r) => r.denied), kind: 'number' },
      { label: 'Alerts', value: alerts, kind: 'number' },
      { label: 'Access Points', value: new Set(rows.map((r) => r.accessPoint)).size, kind: 'number' },
    ],
    charts: [
      {
        id: 'daily',
        title: 'Daily Access Events',
        kind: 'area',
        xKey: 'day',
        series: [
          { key: 'granted', label: 'Successful' },
          { key: 'denied', label: 'Failed' },
        ],
        data: [...daily.values()],
      },
    ],
    tableTitle: 'Access Points by Day',
    columns: [
      { key: 'day', label: 'Date', kind: 'date' },
      { key: 'accessPoint', label: 'Access Point', kind: 'text' },
      { key: 'entries', label: 'In', kind: 'number' },
      { key: 'exits', label: 'Out', kind: 'number' },
      { key: 'denied', label: 'Denied', kind: 'number' },
      { key: 'alerts', label: 'Alerts', kind: 'number' },
    ],
    rows: rows.map((r) => ({
      day: r.day,
      accessPoint: r.accessPoint,
      entries: r.entries,
      exits: r.exits,
      denied: r.denied,
      alerts: r.alerts,
    })),
    notes: [],
  };
}

export function departmentBody(departments: DepartmentFigures[]): Body {
  const staffed = departments.filter((d) => d.employees > 0);
  return {
    summary: [
      { label: 'Departments', value: departments.length, kind: 'number' },
      { label: 'Employees', value: sum(departments, (d) => d.employees), kind: 'number' },
      {
        label: 'Average Attendance',
        value: staffed.length === 0 ? 0 : oneDecimal(sum(staffed, (d) => d.attendance) / staffed.length),
        kind: 'percent',
      },
      { label: 'Total Hours', value: oneDecimal(sum(departments, (d) => d.totalHours)), kind: 'hours' },
    ],
    charts: [
      {
        id: 'performance',
        title: 'Department Performance',
        kind: 'bar',
        xKey: 'department',
        series: [
          { key: 'attendance', label: 'Attendance %' },
          { key: 'lateCount', label: 'Late Count' },
        ],
        data: departments.map((d) => ({
          department: d.department,
          attendance: d.attendance,
          lateCount: d.lateCount,
        })),
      },
    ],
    tableTitle: 'Department Details',
    columns: DEPARTMENT_COLUMNS,
    rows: departments,
    notes: [
      `Efficiency by attendance: ${EFFICIENCY_THRESHOLDS.map((t) =>
        t.min > 0 ? `${t.label} at ${t.min}% or more` : `${t.label} below that`,
      ).join(', ')}.`,
      'Managers are set in Organisation > Departments.',
    ],
  };
}

/**
 * The People Counting Report, from the counting rollup: totals and rates over the range, the
 * weekday averages of its whole days, a row per day (today's so far, and said to be).
 */
export function peopleAnalyticsBody(range: Range, empty: boolean, days: DayTotals[], today: string): Body {
  const entries = sum(days, (d) => d.entries);
  const passby = sum(days, (d) => d.passby);
  return {
    summary: [
      { label: 'Total Entries', value: entries, kind: 'number' },
      { label: 'Total Passby', value: passby, kind: 'number' },
      { label: 'Walk-in Rate', value: walkInRate(entries, passby), kind: 'percent' },
      { label: 'Conversion Rate', value: conversionRate(entries, passby), kind: 'percent' },
    ],
    charts: [
      weekdayAverages(days, today),
      {
        id: 'conversion',
        title: 'Conversion',
        kind: 'line',
        xKey: 'day',
        series: [
          { key: 'walkInRate', label: 'Walk-in Rate %' },
          { key: 'conversionRate', label: 'Conversion Rate %' },
        ],
        data: days.map((d) => ({
          day: d.day,
          walkInRate: walkInRate(d.entries, d.passby),
          conversionRate: conversionRate(d.entries, d.passby),
        })),
      },
    ],
    tableTitle: 'Daily Traffic Summary',
    columns: [
      { key: 'day', label: 'Day', kind: 'date' },
      { key: 'entries', label: 'Entries', kind: 'number' },
      { key: 'passby', label: 'Passby', kind: 'number' },
      { key: 'walkInRate', label: 'Walk-in Rate', kind: 'percent' },
      { key: 'exits', label: 'Exits', kind: 'number' },
    ],
    rows: days.map((d) => ({ ...d, walkInRate: walkInRate(d.entries, d.passby) })),
    notes: [
      'Weekly Traffic is the average per weekday over the whole days of the range: weekdays that occur more often in it do not look busier.',
      ...(!empty && range.startDate <= today && today <= range.endDate
        ? [
            `Today (${today}) is not over: its row is counted so far, and it is left out of the weekday averages.`,
          ]
        : []),
    ],
  };
}
