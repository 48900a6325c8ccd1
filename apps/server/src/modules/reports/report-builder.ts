import type { Report, ReportQuery, ReportType } from '@atrium/contract';
import { addDays, yearOf } from '@atrium/contract/calendar';
import type { OrgClock } from '../../core/clock';
import type { ReportsDb } from '../../core/module';
import type { Db } from '../../db/connection';
import { type DayTotals, dailyTotals } from '../counting/counting.repository';
import { readOrganisationName } from '../organisation/organisation.repository';
import { type PayrollSetup, payrollBody, payrollSetup } from './payroll-report';
import {
  accessBody,
  attendanceBody,
  type Body,
  departmentBody,
  departmentFigures,
  leaveBody,
  peopleAnalyticsBody,
  toReport,
} from './reports.presenter';
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
  type TeamIds,
} from './reports.repository';

/**
 * Reports: each type computed by SQL over the organisation's data for an inclusive range of local
 * dates, whose length the caller has checked (reports.service.ts). A start after the end is
 * allowed (the specification does not check it): the report is then the empty range's, with
 * zeros, not an error. The reading runs on the reports' own connections, and stops when `signal`
 * aborts. It runs in the report worker (report-worker.ts), off the thread that answers requests.
 */
export class ReportBuilder {
  constructor(
    private readonly db: Db,
    private readonly reports: ReportsDb,
    private readonly clock: OrgClock,
  ) {}

  /** Whose report it is, for the heading of an exported file. */
  organisationName(): Promise<string> {
    return readOrganisationName(this.db);
  }

  /** `team`: a manager's departments, whose people alone the report covers; everyone's when undefined. */
  async report(type: ReportType, query: ReportQuery, signal?: AbortSignal, team?: TeamIds): Promise<Report> {
    const range = { startDate: query.startDate, endDate: query.endDate };
    const emptyRange = range.startDate > range.endDate;
    const db = this.reports.db(signal);
    return toReport(type, range, emptyRange, await this.body(db, type, range, emptyRange, team));
  }

  private body(db: Db, type: ReportType, range: Range, empty: boolean, team: TeamIds): Promise<Body> {
    switch (type) {
      case 'attendance':
        return this.attendance(db, range, empty, team);
      case 'leave':
        return this.leave(db, range, empty, team);
      case 'access':
        return this.access(db, range, empty);
      case 'department':
        return this.department(db, range, empty, team);
      case 'people-analytics':
        return this.peopleAnalytics(db, range, empty);
      case 'payroll':
        // The reports' connection stops its statements when the request's signal aborts.
        return this.payrollSetup(db, range, team).then((setup) => payrollBody(db, setup));
    }
  }

  /** The reports' connection for `signal`, for a payroll file streamed a batch of people at a time. */
  readerFor(signal?: AbortSignal): Db {
    return this.reports.db(signal);
  }

  /** The pay periods, rules and leave types of a payroll report over `query` (payroll-report.ts). */
  async payrollSetup(db: Db, query: ReportQuery, team: TeamIds): Promise<PayrollSetup> {
    return payrollSetup(db, query, team, {
      timeZone: await this.clock.timeZone(),
      judgedTo: async (range) => (await this.judged(range)).judgedTo,
    });
  }

  /** Absence is judged on days that have ended: up to yesterday, and never past the range. */
  private async judged(range: Range): Promise<Judged> {
    const today = (await this.clock.today()).date;
    const yesterday = addDays(today, -1);
    return { judgedTo: range.endDate < yesterday ? range.endDate : yesterday, today };
  }

  private async people(db: Db, range: Range, empty: boolean, team: TeamIds): Promise<PersonAttendance[]> {
    if (empty) return [];
    return attendanceByPerson(db, range, await this.judged(range), team);
  }

  /** Department figures summed from the people's, so both reports count a person alike. */
  private async departments(db: Db, people: PersonAttendance[], team: TeamIds) {
    const departments = await departmentsWithManagers(db, team);
    return departmentFigures(departments, people);
  }

  private async attendance(db: Db, range: Range, empty: boolean, team: TeamIds): Promise<Body> {
    const [people, months] = await Promise.all([
      this.people(db, range, empty, team),
      empty ? [] : attendanceByMonth(db, range, await this.judged(range), team),
    ]);
    const departments = await this.departments(db, people, team);
    return attendanceBody(people, months, departments);
  }

  private async leave(db: Db, range: Range, empty: boolean, team: TeamIds): Promise<Body> {
    const year = yearOf(range.endDate);
    const [people, months, balances] = empty
      ? [[], [], []]
      : await Promise.all([
          leaveByPerson(db, range, team),
          leaveDaysByMonth(db, range, team),
          leaveBalanceByType(db, year, team),
        ]);
    return leaveBody(people, months, balances, year);
  }

  private async access(db: Db, range: Range, empty: boolean): Promise<Body> {
    let rows: Awaited<ReturnType<typeof accessByPointAndDay>> = [];
    let alerts = 0;
    if (!empty) {
      const timeZone = await this.clock.timeZone();
      const from = (await this.clock.dayBounds(range.startDate)).start;
      const to = (await this.clock.dayBounds(range.endDate)).end;
      [rows, alerts] = await Promise.all([
        accessByPointAndDay(db, { from, to, timeZone }),
        accessAlertCount(db, from, to),
      ]);
    }
    return accessBody(range, empty, rows, alerts);
  }

  private async department(db: Db, range: Range, empty: boolean, team: TeamIds): Promise<Body> {
    const departments = await this.departments(db, await this.people(db, range, empty, team), team);
    return departmentBody(departments);
  }

  private async peopleAnalytics(db: Db, range: Range, empty: boolean): Promise<Body> {
    let days: DayTotals[] = [];
    if (!empty) {
      const timeZone = await this.clock.timeZone();
      const from = (await this.clock.dayBounds(range.startDate)).start;
      const to = (await this.clock.dayBounds(range.endDate)).end;
      days = await dailyTotals(
        db,
        { from, to, firstDay: range.startDate, lastDay: range.endDate, timeZone },
        undefined,
      );
    }
    return peopleAnalyticsBody(range, empty, days, (await this.clock.today()).date);
  }
}
