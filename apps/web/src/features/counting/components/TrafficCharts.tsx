import type { TrafficDay } from '@atrium/contract';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** "2026-11-20" -> "Fri 20": short enough for seven bars on a phone; today is "so far". */
export function dayLabel(day: string, partialDay: string | null = null): string {
  const d = new Date(`${day}T12:00:00Z`);
  const label = `${d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
  return day === partialDay ? `${label} (so far)` : label;
}

/** Said under a chart whose last day is today: its figures are not a whole day's. */
function PartialNote({ partialDay, what }: { partialDay: string | null; what: string }) {
  if (!partialDay) return null;
  return <p className="mt-2 px-3 text-xs text-slate-600 sm:px-0">{what}</p>;
}

export function WeeklyTrafficChart({ data, partialDay }: { data: TrafficDay[]; partialDay: string | null }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.day, partialDay) }));
  // Today's bars are paler: a day still being counted is not a quiet day.
  const cells = (fill: string) =>
    rows.map((r) => <Cell key={r.day} fill={fill} fillOpacity={r.day === partialDay ? 0.4 : 1} />);
  return (
    <div>
      <div className="h-64 w-full" data-testid="weekly-traffic-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="entries" name="Entries" fill="#2563eb">
              {cells('#2563eb')}
            </Bar>
            <Bar dataKey="exits" name="Exits" fill="#0d9488">
              {cells('#0d9488')}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <PartialNote partialDay={partialDay} what="Today is counted so far: its bars are paler." />
    </div>
  );
}

export function WalkInRateChart({ data, partialDay }: { data: TrafficDay[]; partialDay: string | null }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.day, partialDay) }));
  return (
    <div>
      <div className="h-64 w-full" data-testid="walk-in-chart">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={rows} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 11 }} unit="%" domain={[0, 100]} />
            <Tooltip formatter={(v) => `${v}%`} />
            <Area type="monotone" dataKey="walkInRate" name="Walk-in Rate" stroke="#7c3aed" fill="#ddd6fe" />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <PartialNote partialDay={partialDay} what="Today's rate is of the people counted so far." />
    </div>
  );
}

export function HourlyChart({
  hours,
}: {
  hours: { hour: number; entries: number; exits: number; passby: number }[];
}) {
  const rows = hours.map((h) => ({ ...h, label: `${String(h.hour).padStart(2, '0')}` }));
  return (
    <div className="h-64 w-full" data-testid="hourly-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={2} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip labelFormatter={(l) => `${l}:00`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="entries" name="Entries" fill="#2563eb" />
          <Bar dataKey="passby" name="Passby" fill="#94a3b8" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
