import type { Report, ReportQuery, ReportType } from '@atrium/contract';
import { addDays, yearOf } from '@atrium/contract/calendar';
import type { OrgClock } from '../../core/clock';
import type { ReportsDb } from '../../core/module';
import type { Db } from '../../db/connection';
import type { DayTotals } from '../counting/counting.repository';
import { readOrganisationName } from '../organisation/organisation.repository';
import { type PayrollSetup, payrollBody, payrollSetup } from './payroll-report';
import { accessAlertCount, accessByPointAndDay, countingByDay, siteZones } from './places.repository';
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
  attendanceByMonth,
  attendanceByPerson,
  departmentsWithManagers,
  type Judged,
  leaveBalanceByType,
  leaveByPerson,
  leaveDaysByMonth,
  type PersonAttendance,
  type Range,
  type Who,
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

  /**
   * `team`: a manager's departments, whose people alone the report covers; everyone's when
   * undefined. `query.siteId` narrows it (and the doors and counters) to one site.
   */
  async report(
    type: ReportType,
    query: ReportQuery,
    signal?: AbortSignal,
    team?: readonly number[],
  ): Promise<Report> {
    const range = { startDate: query.startDate, endDate: query.endDate };
    const emptyRange = range.startDate > range.endDate;
    const db = this.reports.db(signal);
    const who = { team, siteId: query.siteId };
    // One after the other: the reports' pool may have a single connection to share.
    const days = await this.daysNote(query.siteId);
    return toReport(type, range, emptyRange, await this.body(db, type, range, emptyRange, who), days);
  }

  /**
   * What a day of the report means: the one site's (named, with its zone), each site's own over
   * sites in several zones, or nothing to say when every site shares a zone.
   */
  async daysNote(siteId: number | undefined): Promise<string | null> {
    const sites = await siteZones(this.db);
    const site = sites.find((s) => s.id === siteId);
    if (site) return `Site: ${site.name} (${site.time_zone}); days are its local days`;
    return new Set(sites.map((s) => s.time_zone)).size > 1 ? "Days are each site's local days" : null;
  }

  private body(db: Db, type: ReportType, range: Range, empty: boolean, who: Who): Promise<Body> {
    switch (type) {
      case 'attendance':
        return this.attendance(db, range, empty, who);
      case 'leave':
        return this.leave(db, range, empty, who);
      case 'access':
        return this.access(db, range, empty, who.siteId);
      case 'department':
        return this.department(db, range, empty, who);
      case 'people-analytics':
        return this.peopleAnalytics(db, range, empty, who.siteId);
      case 'payroll':
        // The reports' connection stops its statements when the request's signal aborts.
        return this.payrollSetup(db, { ...range, siteId: who.siteId }, who.team).then((setup) =>
          payrollBody(db, setup),
        );
    }
  }

  /** The reports' connection for `signal`, for a payroll file streamed a batch of people at a time. */
  readerFor(signal?: AbortSignal): Db {
    return this.reports.db(signal);
  }

  /** The pay periods, rules and leave types of a payroll report over `query` (payroll-report.ts). */
  async payrollSetup(db: Db, query: ReportQuery, team?: readonly number[]): Promise<PayrollSetup> {
    return payrollSetup(
      db,
      query,
      { team, siteId: query.siteId },
      {
        timeZone: await this.clock.timeZone(query.siteId),
        judgedTo: async (range) => (await this.judged(range, query.siteId)).judgedTo,
        daysNote: await this.daysNote(query.siteId),
      },
    );
  }

  /**
   * Absence is judged on days that have ended: up to yesterday (the site's, for one site's
   * report), and never past the range.
   */
  private async judged(range: Range, siteId?: number): Promise<Judged> {
    const today = (await this.clock.today(siteId)).date;
    const yesterday = addDays(today, -1);
    return { judgedTo: range.endDate < yesterday ? range.endDate : yesterday, today };
  }

  private async people(db: Db, range: Range, empty: boolean, who: Who): Promise<PersonAttendance[]> {
    if (empty) return [];
    return attendanceByPerson(db, range, await this.judged(range, who.siteId), who);
  }

  /** Department figures summed from the people's, so both reports count a person alike. */
  private async departments(db: Db, people: PersonAttendance[], who: Who) {
    const departments = await departmentsWithManagers(db, who);
    return departmentFigures(departments, people);
  }

  private async attendance(db: Db, range: Range, empty: boolean, who: Who): Promise<Body> {
    const [people, months] = await Promise.all([
      this.people(db, range, empty, who),
      empty ? [] : attendanceByMonth(db, range, await this.judged(range, who.siteId), who),
    ]);
    const departments = await this.departments(db, people, who);
    return attendanceBody(people, months, departments);
  }

  private async leave(db: Db, range: Range, empty: boolean, who: Who): Promise<Body> {
    const year = yearOf(range.endDate);
    const [people, months, balances] = empty
      ? [[], [], []]
      : await Promise.all([
          leaveByPerson(db, range, who),
          leaveDaysByMonth(db, range, who),
          leaveBalanceByType(db, year, who),
        ]);
    return leaveBody(people, months, balances, year);
  }

  private async access(db: Db, range: Range, empty: boolean, siteId?: number): Promise<Body> {
    const [rows, alerts] = empty
      ? [[], 0]
      : await Promise.all([accessByPointAndDay(db, range, siteId), accessAlertCount(db, range, siteId)]);
    return accessBody(range, empty, rows, alerts);
  }

  private async department(db: Db, range: Range, empty: boolean, who: Who): Promise<Body> {
    const departments = await this.departments(db, await this.people(db, range, empty, who), who);
    return departmentBody(departments);
  }

  private async peopleAnalytics(db: Db, range: Range, empty: boolean, siteId?: number): Promise<Body> {
    const days: DayTotals[] = empty ? [] : await countingByDay(db, range, siteId);
    return peopleAnalyticsBody(range, empty, days, (await this.clock.today(siteId)).date);
  }
}
