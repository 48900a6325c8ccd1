import type { PeopleAnalyticsQuery } from '@atrium/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { SiteDayNote } from '@/components/ui/SiteDayNote';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { organisationToday } from '@/lib/org-time';
import { useSiteFilter } from '@/lib/site-filter';
import { useLiveEvent } from '@/lib/socket-context';
import { countingKeys, countingQueries } from '../api/counting-api';
import { CountersCard } from '../components/CountersCard';
import { TrafficCards } from '../components/TrafficCards';
import { HourlyChart, WalkInRateChart, WeeklyTrafficChart } from '../components/TrafficCharts';
import { TrafficTable } from '../components/TrafficTable';
import { saveCsv, trafficCsv } from '../lib/csv';
import { RANGE_LABELS, type RangeKind, rangeDates } from '../lib/range';
import { chartTitles, trendBasis } from '../lib/titles';

const FIELD = 'mt-1 block w-full min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm';

export function PeopleCountingPage() {
  const { siteId, site } = useSiteFilter();
  // A chosen site's ranges end on its own today.
  const today = site?.today ?? organisationToday();
  const ids = useId();
  const [range, setRange] = useState<RangeKind>('last7');
  const [custom, setCustom] = useState(rangeDates('last7', today));
  const [chosenDevice, setDeviceId] = useState<number | undefined>();
  // Null follows today, which moves with the chosen site.
  const [chosenDay, setHourDay] = useState<string | null>(null);
  const hourDay = chosenDay ?? today;
  const counters = useQuery(countingQueries.counters());
  // The counters arrive whole, so the site filter is applied here.
  const siteCounters = (counters.data ?? []).filter((c) => siteId === null || c.site_id === siteId);
  // An entrance of another site than the chosen one is not asked for.
  const deviceId = siteCounters.some((c) => c.id === chosenDevice) ? chosenDevice : undefined;
  const dates = range === 'custom' ? custom : rangeDates(range, today);
  const query: PeopleAnalyticsQuery = { ...dates, deviceId };
  const titles = chartTitles(range, dates);

  const queryClient = useQueryClient();
  useLiveEvent('counting_update', () => void queryClient.invalidateQueries({ queryKey: countingKeys.all }));
  const customInvalid = range === 'custom' && custom.startDate > custom.endDate;
  const report = useQuery({ ...countingQueries.report(query, siteId), enabled: !customInvalid });
  const hourly = useQuery(countingQueries.hourly(hourDay, deviceId, siteId));

  return (
    <div className="space-y-6">
      <PageHeader
        title="People Counting"
        description="Visitor foot traffic analytics and conversion insights"
        actions={<SiteFilter />}
      />
      <SiteDayNote className="-mt-4" />

      <Card>
        <CardContent className="grid grid-cols-2 gap-3 p-4 md:grid-cols-4">
          <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-range`}>
            Range
            <select
              id={`${ids}-range`}
              className={FIELD}
              value={range}
              onChange={(e) => setRange(e.target.value as RangeKind)}
            >
              {(Object.keys(RANGE_LABELS) as RangeKind[]).map((k) => (
                <option key={k} value={k}>
                  {RANGE_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-entrance`}>
            Entrance
            <select
              id={`${ids}-entrance`}
              className={FIELD}
              value={deviceId ?? ''}
              onChange={(e) => setDeviceId(e.target.value ? Number(e.target.value) : undefined)}
            >
              <option value="">All entrances</option>
              {siteCounters.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {range === 'custom' ? (
            <>
              <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-from`}>
                From
                <input
                  id={`${ids}-from`}
                  type="date"
                  className={FIELD}
                  value={custom.startDate}
                  max={today}
                  onChange={(e) => e.target.value && setCustom({ ...custom, startDate: e.target.value })}
                />
              </label>
              <label className="text-sm font-medium text-slate-700" htmlFor={`${ids}-to`}>
                To
                <input
                  id={`${ids}-to`}
                  type="date"
                  className={FIELD}
                  value={custom.endDate}
                  max={today}
                  onChange={(e) => e.target.value && setCustom({ ...custom, endDate: e.target.value })}
                />
              </label>
            </>
          ) : null}
          {customInvalid ? (
            <p role="alert" className="col-span-full text-sm text-red-700">
              From must not be after To.
            </p>
          ) : null}
        </CardContent>
      </Card>

      {report.isError && !report.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5">
          <h2 className="text-base font-semibold text-red-900">Error</h2>
          <p className="mt-1 text-sm text-red-800">Failed to load people counting data</p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void report.refetch()}>
            Retry
          </Button>
        </div>
      ) : !report.data ? (
        <p className="text-sm text-slate-600" role="status">
          Loading people counting data...
        </p>
      ) : (
        <>
          <TrafficCards report={report.data} rangeLabel={RANGE_LABELS[range]} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{titles.traffic}</CardTitle>
              </CardHeader>
              <CardContent className="px-2 sm:px-5">
                <WeeklyTrafficChart data={report.data.chartData} partialDay={report.data.partialDay} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{titles.walkIn}</CardTitle>
              </CardHeader>
              <CardContent className="px-2 sm:px-5">
                <WalkInRateChart data={report.data.chartData} partialDay={report.data.partialDay} />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle>Traffic by Hour</CardTitle>
              <label className="flex items-center gap-2 text-sm text-slate-700" htmlFor={`${ids}-day`}>
                Day
                <input
                  id={`${ids}-day`}
                  type="date"
                  className="min-h-10 rounded-md border border-slate-300 px-2 text-sm"
                  value={hourDay}
                  max={today}
                  onChange={(e) => e.target.value && setHourDay(e.target.value)}
                />
              </label>
            </CardHeader>
            <CardContent className="px-2 sm:px-5">
              {hourly.isError ? (
                <p className="text-sm text-red-700">Failed to load the hours of this day.</p>
              ) : hourly.data ? (
                <HourlyChart hours={hourly.data.hours} />
              ) : (
                <p className="text-sm text-slate-600">Loading...</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle>Daily Traffic Summary</CardTitle>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  saveCsv(
                    trafficCsv(report.data.chartData),
                    `people-counting-${report.data.startDate}-${report.data.endDate}.csv`,
                  )
                }
              >
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </Button>
            </CardHeader>
            <CardContent>
              <TrafficTable rows={report.data.chartData} partialDay={report.data.partialDay} />
            </CardContent>
          </Card>
          <CountersCard counters={siteCounters} />
          <Card>
            <CardHeader>
              <CardTitle>How the rates are worked out</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm text-slate-700">
              <p>
                <strong>Walk-in rate</strong> = entries / (entries + passby): the share of the people who came
                by the entrance and walked in.
              </p>
              <p>
                <strong>Conversion rate</strong> = entries / passby: entries set against the people who passed
                without entering, so it can exceed 100%.
              </p>
              <p>{trendBasis(report.data)}</p>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
