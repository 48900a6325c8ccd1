import { REPORT_MAX_DAYS, type Report, type ReportType } from '@atrium/contract';
import { CheckCircle2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/toast-context';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/cn';
import { organisationToday } from '@/lib/org-time';
import { useSiteFilter } from '@/lib/site-filter';
import { exportReport, fetchReport } from '../api/reports-api';
import { ReportChartView } from '../components/ReportCharts';
import { ReportTable } from '../components/ReportTable';
import { reportTypesFor } from '../lib/report-types';

const FIELD = 'mt-1 block w-full min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm';

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

// Print shows only the report: everything else on the page and the app shell is hidden.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-report-print], [data-report-print] * { visibility: visible; }
  [data-report-print] { position: absolute; inset: 0 auto auto 0; width: 100%; }
}`;

/** Days from start to end, both included (0 or less when the end comes first). */
function daysCovered(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T12:00:00Z`) - Date.parse(`${start}T12:00:00Z`)) / 86_400_000) + 1;
}

function figure(value: number, kind: string) {
  if (kind === 'percent') return `${value.toFixed(1)}%`;
  return value.toLocaleString('en-GB');
}

type Busy = { what: 'report' | 'pdf' | 'xlsx' | 'csv'; controller: AbortController } | null;

const FILE_NAMES = { pdf: 'PDF', xlsx: 'Excel', csv: 'CSV' } as const;

/**
 * /reports: administrators run every report over the organisation; a manager runs Attendance,
 * Leave, Department and Payroll over their team (the server narrows them), and is told so.
 */
export function ReportsPage() {
  const ids = useId();
  const { user } = useAuth();
  const forTeam = user?.role === 'manager';
  const types = reportTypesFor(user?.role);
  const toast = useToast();
  const today = organisationToday();
  const [type, setType] = useState<ReportType>('attendance');
  const [startDate, setStartDate] = useState(daysBefore(today, 30));
  const [endDate, setEndDate] = useState(today);
  const { siteId } = useSiteFilter();
  const [report, setReport] = useState<Report | null>(null);
  // The site the shown report was run for: another choice of site asks for a new one.
  const [reportSite, setReportSite] = useState<number | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);

  const run = async (what: NonNullable<Busy>['what'], work: (signal: AbortSignal) => Promise<void>) => {
    const controller = new AbortController();
    const next = { what, controller };
    busyRef.current = next;
    setBusy(next);
    try {
      await work(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted)
        toast.error(error instanceof Error ? error.message : 'The report could not be produced');
    } finally {
      if (busyRef.current === next) {
        busyRef.current = null;
        setBusy(null);
      }
    }
  };

  const choose = (next: ReportType) => {
    busyRef.current?.controller.abort();
    setType(next);
    setReport(null);
  };
  const generate = () =>
    run('report', async (signal) => {
      const next = await fetchReport(type, { startDate, endDate, siteId: siteId ?? undefined }, signal);
      setReportSite(siteId);
      setReport(next);
    });
  const exportAs = (format: 'pdf' | 'xlsx' | 'csv') =>
    run(format, (signal) =>
      exportReport(type, { startDate, endDate, format, siteId: siteId ?? undefined }, signal),
    );
  const generated = report !== null && report.type === type && reportSite === siteId;
  // The server refuses what the form can tell beforehand: said here, beside the dates.
  const covered = startDate && endDate ? daysCovered(startDate, endDate) : 1;
  const rangeProblem =
    covered < 1
      ? 'End Date must not be before Start Date.'
      : covered > REPORT_MAX_DAYS[type]
        ? `A report covers at most ${REPORT_MAX_DAYS[type]} days: choose an End Date within ${type === 'payroll' ? 'three months' : 'a year'} of the Start Date.`
        : null;
  const name = types.find((t) => t.id === type)?.name ?? '';

  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title="Reports"
        description={
          forTeam
            ? 'Generate and export reports covering your team'
            : 'Generate and export organizational reports'
        }
        actions={<SiteFilter />}
      />

      <fieldset
        className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', forTeam ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}
      >
        <legend className="sr-only">Report type</legend>
        {types.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={type === t.id}
            onClick={() => choose(t.id)}
            className={`rounded-xl border p-4 text-left transition ${
              type === t.id
                ? 'border-blue-600 bg-blue-50 ring-2 ring-blue-600'
                : 'border-slate-200 bg-white hover:border-slate-300'
            }`}
          >
            <span className="block font-semibold text-slate-900">{t.name}</span>
            <span className="mt-1 block text-sm text-slate-600">{t.description}</span>
          </button>
        ))}
      </fieldset>

      <Card>
        <CardContent className="space-y-4 p-4">
          <div className="grid grid-cols-2 gap-3 md:max-w-md">
            <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-start`}>
              Start Date
              <input
                id={`${ids}-start`}
                type="date"
                className={FIELD}
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
              />
            </label>
            <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-end`}>
              End Date
              <input
                id={`${ids}-end`}
                type="date"
                className={FIELD}
                value={endDate}
                onChange={(e) => setEndDate(e.target.value)}
                aria-invalid={rangeProblem !== null}
                aria-describedby={rangeProblem ? `${ids}-range` : undefined}
              />
            </label>
          </div>
          {rangeProblem && (
            <p id={`${ids}-range`} role="alert" className="text-sm text-red-700">
              {rangeProblem}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              onClick={generate}
              disabled={busy !== null || !startDate || !endDate || rangeProblem !== null}
            >
              {busy?.what === 'report' ? 'Generating...' : 'Generate Report'}
            </Button>
            <Button
              variant="secondary"
              disabled={!generated || busy !== null || rangeProblem !== null}
              onClick={() => exportAs('pdf')}
            >
              Export PDF
            </Button>
            <Button
              variant="secondary"
              disabled={!generated || busy !== null || rangeProblem !== null}
              onClick={() => exportAs('xlsx')}
            >
              Export Excel
            </Button>
            {/* Payroll systems import CSV; the other reports are read, not imported. */}
            {type === 'payroll' && (
              <Button
                variant="secondary"
                disabled={!generated || busy !== null || rangeProblem !== null}
                onClick={() => exportAs('csv')}
              >
                Export CSV
              </Button>
            )}
            <Button variant="secondary" disabled={!generated || busy !== null} onClick={() => window.print()}>
              Print
            </Button>
            {generated && (
              <Button variant="ghost" onClick={() => setReport(null)}>
                Reset
              </Button>
            )}
          </div>
          {busy && (
            <div role="status" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
              <Spinner />
              <span>
                {busy.what === 'report'
                  ? `Generating ${name}...`
                  : `Preparing ${FILE_NAMES[busy.what]} file...`}
              </span>
              <Button size="sm" variant="secondary" onClick={() => busy.controller.abort()}>
                Cancel
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {!generated && type !== 'attendance' && type !== 'leave' && (
        <p className="text-sm text-slate-600">Click Generate Report to see the {name}.</p>
      )}

      {generated && report && (
        <div data-report-print className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">{report.title}</h2>
              <p className="text-sm text-slate-600">
                {report.startDate} to {report.endDate}
              </p>
              {report.days && (
                <p className="text-sm text-slate-600" data-testid="report-days">
                  {report.days}
                </p>
              )}
            </div>
            <p className="flex items-center gap-1 text-sm font-medium text-green-700">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Report Generated
            </p>
          </div>
          {report.emptyRange && (
            <p role="note" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
              The start date is after the end date, so the range is empty.
            </p>
          )}
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {report.summary.map((c) => (
              <li key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-sm text-slate-600">{c.label}</p>
                <p className="mt-1 text-2xl font-semibold text-slate-900">{figure(c.value, c.kind)}</p>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {report.charts.map((chart) => (
              <Card key={chart.id}>
                <CardHeader>
                  <CardTitle>{chart.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <ReportChartView chart={chart} />
                </CardContent>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{report.tableTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              {report.notes.map((n) => (
                <p key={n} className="mb-3 text-sm text-slate-600">
                  {n}
                </p>
              ))}
              <ReportTable report={report} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
