import type { Readable } from 'node:stream';
import { REPORT_MAX_DAYS, type ReportQuery, type ReportType } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import type { OrgClock } from '../../core/clock';
import { checkRangeLength } from '../../core/date-range';
import { AppError, forbidden } from '../../core/errors';
import { listScope } from '../../core/policies';
import type { Db } from '../../db/connection';
import { requireSite } from '../../db/row-exists';
import type { ReportFormat } from './report-job';
import type { ReportRunner } from './report-runner';

/** The reports a manager may run over their team. */
const TEAM_REPORTS: ReadonlySet<ReportType> = new Set(['attendance', 'leave', 'department', 'payroll']);

const csvPayrollOnly = () =>
  new AppError('validation_failed', 'CSV is offered for the payroll report only', [
    {
      field: 'format',
      rule: 'csv_payroll_only',
      message: 'must be pdf or xlsx for this report (csv is payroll only)',
    },
  ]);

/**
 * Reports and their files, as the API asks for them: who may, and over how long a range (at most
 * REPORT_MAX_DAYS), is decided here; the reading and writing happen in the report worker
 * (report-builder.ts), at this clock's instant. The answer is a stream of its bytes; when `signal`
 * aborts (the client went away) the worker stops and its statements are cancelled.
 */
export class ReportsService {
  constructor(
    private readonly runner: ReportRunner,
    private readonly clock: OrgClock,
    private readonly db: Db,
  ) {}

  async open(
    actor: Actor,
    type: ReportType,
    query: ReportQuery,
    format: ReportFormat,
    signal: AbortSignal,
  ): Promise<Readable> {
    const scope = listScope(actor, 'reports.view');
    // A manager's reports are about their people: doors and the building's counts are not theirs.
    if (scope.departmentIds !== undefined && !TEAM_REPORTS.has(type)) throw forbidden();
    if (format === 'csv' && type !== 'payroll') throw csvPayrollOnly();
    checkRangeLength(query.startDate, query.endDate, REPORT_MAX_DAYS[type]);
    if (query.siteId !== undefined) await requireSite(this.db, query.siteId);
    const range = { startDate: query.startDate, endDate: query.endDate, siteId: query.siteId };
    return this.runner.run(
      { type, query: range, format, now: this.clock.now().getTime(), departmentIds: scope.departmentIds },
      signal,
    );
  }
}
