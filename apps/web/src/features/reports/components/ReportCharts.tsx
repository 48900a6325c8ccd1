import type { ReportChart } from '@atrium/contract';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLOURS = ['#2563eb', '#f59e0b', '#dc2626', '#16a34a'];
// Parts of a whole (used, pending, remaining): what is left is calm green, not alarm red.
const STACK_COLOURS = ['#2563eb', '#f59e0b', '#86efac', '#94a3b8'];

/** One report chart, drawn by its declared kind; recharts loads with this route only. */
export function ReportChartView({ chart }: { chart: ReportChart }) {
  const parts = chart.series.map((s, i) => {
    const palette = chart.stacked ? STACK_COLOURS : COLOURS;
    const colour = palette[i % palette.length];
    if (chart.kind === 'bar')
      return (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={colour}
          stackId={chart.stacked ? 'parts' : undefined}
        />
      );
    if (chart.kind === 'line')
      return <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={colour} dot={false} />;
    return (
      <Area
        key={s.key}
        type="monotone"
        dataKey={s.key}
        name={s.label}
        stroke={colour}
        fill={colour}
        fillOpacity={0.2}
      />
    );
  });
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" />,
    <XAxis key="x" dataKey={chart.xKey} tick={{ fontSize: 11 }} interval="preserveStartEnd" />,
    <YAxis key="y" tick={{ fontSize: 11 }} />,
    // A short axis label ("Thu") is named in full in the tooltip ("Average per Thursday (4 in range)").
    <Tooltip
      key="tip"
      itemSorter={(item) => chart.series.findIndex((s) => s.key === item.dataKey)}
      labelFormatter={(label, payload) => {
        const row = payload?.[0]?.payload as Record<string, unknown> | undefined;
        const full = chart.labelKey ? row?.[chart.labelKey] : undefined;
        return typeof full === 'string' ? full : label;
      }}
    />,
    // In the series' own order (used, pending, remaining), not alphabetical.
    <Legend
      key="legend"
      wrapperStyle={{ fontSize: 12 }}
      itemSorter={(item) => chart.series.findIndex((s) => s.key === item.dataKey)}
      // Names in dark text beside the coloured swatch: pale series colours are unreadable as text.
      formatter={(value) => <span className="text-slate-700">{value}</span>}
    />,
  ];
  const margin = { top: 8, right: 8, left: -12, bottom: 0 };
  return (
    <figure className="h-[300px] w-full" aria-label={chart.title} data-testid={`chart-${chart.id}`}>
      <ResponsiveContainer width="100%" height="100%">
        {chart.kind === 'bar' ? (
          <BarChart data={chart.data} margin={margin}>
            {axes}
            {parts}
          </BarChart>
        ) : chart.kind === 'line' ? (
          <LineChart data={chart.data} margin={margin}>
            {axes}
            {parts}
          </LineChart>
        ) : (
          <AreaChart data={chart.data} margin={margin}>
            {axes}
            {parts}
          </AreaChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
