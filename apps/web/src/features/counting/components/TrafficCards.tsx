import type { PeopleAnalyticsReport, Trend } from '@atrium/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/Card';

/** Green up arrow, red down arrow, or no arrow; always the percent change. */
export function TrendMark({ trend }: { trend: Trend }) {
  const words = trend.direction === 'up' ? 'up' : trend.direction === 'down' ? 'down' : 'no change';
  return (
    <span
      className={`inline-flex items-center gap-0.5 text-xs font-medium ${
        trend.direction === 'up'
          ? 'text-green-700'
          : trend.direction === 'down'
            ? 'text-red-700'
            : 'text-slate-600'
      }`}
      data-testid="trend"
      data-direction={trend.direction}
    >
      {trend.direction === 'up' ? <ArrowUp aria-hidden="true" className="size-3.5" /> : null}
      {trend.direction === 'down' ? <ArrowDown aria-hidden="true" className="size-3.5" /> : null}
      <span className="sr-only">{words} </span>
      {trend.value}%<span className="sr-only"> against the previous period</span>
    </span>
  );
}

function Figure({
  title,
  value,
  detail,
  trend,
}: {
  title: string;
  value: string;
  detail: string;
  trend?: Trend;
}) {
  return (
    <Card>
      <CardContent className="space-y-1 p-4">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <p className="text-2xl font-semibold text-slate-900" data-testid={`figure-${title}`}>
          {value}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>{detail}</span>
          {trend ? <TrendMark trend={trend} /> : null}
        </p>
      </CardContent>
    </Card>
  );
}

export function TrafficCards({ report, rangeLabel }: { report: PeopleAnalyticsReport; rangeLabel: string }) {
  const { summary, trends } = report;
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <Figure
        title="Daily Entries"
        value={summary.totalEntries.toLocaleString()}
        detail={`People entering, ${rangeLabel.toLowerCase()}${report.partialDay ? ' (today so far)' : ''}`}
        trend={trends.entriesChange}
      />
      <Figure title="Total Passby" value={summary.totalPassby.toLocaleString()} detail="People passing by" />
      <Figure
        title="Walk-in Rate"
        value={`${summary.walkInRate}%`}
        detail="Of people who came by"
        trend={trends.walkInRateChange}
      />
      <Figure title="Conversion Rate" value={`${summary.conversionRate}%`} detail="Entries versus passby" />
    </div>
  );
}
