import {
  EFFICIENCY_THRESHOLDS,
  efficiencyOf,
  REPORT_TYPES,
  type Report,
  type ReportColumn,
  type ReportQuery,
  type ReportType,
} from '@atrium/contract';
import { addDays, yearOf } from '@atrium/contract/calendar';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { authorize } from '../../core/policies';
import type { Db } from '../../db/connection';
import { readOrganisationName } from '../organisation/organisation.repository';
import { peopleAnalyticsReport } from './people-analytics-report';
import type { Body } from './report-body';
import { leaveBalanceChart } from './report-charts';
import {
  accessAlertCount,
  accessByPointAndDay,
  attendanceByMonth,
  attendanceByPerson,
  departmentsWithManagers,
  type Judged,
  leaveBalanceByType,
  leaveByPerson,
  leaveDaysByMonth,
  type PersonAttendance,
  type Range,
} from './reports.repository';

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
 * Reports: each type computed by SQL over the organisation's data for an inclusive range of local
 * dates. A start after the end is allowed (the specification does not check it): the report is
 * then the empty range's, with zeros, not an error.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: OrgClock,
  ) {}

  /** Whose report it is, for the heading of an exported file. */
  organisationName(): Promise<string> {
    return readOrganisationName(this.db);
  }

  async report(actor: Actor, type: ReportType, query: ReportQuery): Promise<Report> {
    authorize(actor, 'reports.view');
    const range = { startDate: query.startDate, endDate: query.endDate };
    const emptyRange = range.startDate > range.endDate;
    const title = REPORT_TYPES.find((t) => t.id === type)?.name ?? type;
    const body = await this.body(type, range, emptyRange);
    return { type, title, ...range, emptyRange, ...body };
  }

  private body(type: ReportType, range: Range, empty: boolean): Promise<Body> {
    switch (type) {
      case 'attendance':
        return this.attendance(range, empty);
      case 'leave':
        return this.leave(range, empty);
      case 'access':
        return this.access(range, empty);
      case 'department':
        return this.department(range, empty);
      case 'people-analytics':
        return this.peopleAnalytics(range, empty);
    }
  }

  /** Absence is judged on days that have ended: up to yesterday, and never past the range. */
  private async judged(range: Range): Promise<Judged> {
    const today = (await this.clock.today()).date;
    const yesterday = addDays(today, -1);
    return { judgedTo: range.endDate < yesterday ? range.endDate : yesterday, today };
  }

  private async people(range: Range, empty: boolean): Promise<PersonAttendance[]> {
    if (empty) return [];
    return attendanceByPerson(this.db, range, await this.judged(range));
  }

  /** Department figures summed from the people's, so both reports count a person alike. */
  private async departments(people: PersonAttendance[]) {
    const departments = await departmentsWithManagers(this.db);
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

  private async attendance(range: Range, empty: boolean): Promise<Body> {
    const [people, months] = await Promise.all([
      this.people(range, empty),
      empty ? [] : attendanceByMonth(this.db, range, await this.judged(range)),
    ]);
    const departments = await this.departments(people);
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

  private async leave(range: Range, empty: boolean): Promise<Body> {
    const year = yearOf(range.endDate);
    const [people, months, balances] = empty
      ? [[], [], []]
      : await Promise.all([
          leaveByPerson(this.db, range),
          leaveDaysByMonth(this.db, range),
          leaveBalanceByType(this.db, year),
        ]);
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

  private async access(range: Range, empty: boolean): Promise<Body> {
    let rows: Awaited<ReturnType<typeof accessByPointAndDay>> = [];
    let alerts = 0;
    if (!empty) {
      const timeZone = await this.clock.timeZone();
      const from = (await this.clock.dayBounds(range.startDate)).start;
      const to = (await this.clock.dayBounds(range.endDate)).end;
      [rows, alerts] = await Promise.all([
        accessByPointAndDay(this.db, { from, to, timeZone }),
        accessAlertCount(this.db, from, to),
      ]);
    }
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

  private async department(range: Range, empty: boolean): Promise<Body> {
    const departments = await this.departments(await this.people(range, empty));
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

  private async peopleAnalytics(range: Range, empty: boolean): Promise<Body> {
    return peopleAnalyticsReport(this.db, this.clock, range, empty);
  }
}
