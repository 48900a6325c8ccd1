import type { TrafficDay } from '@atrium/contract';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** "2026-11-20" -> "Fri 20": short enough for seven bars on a phone. */
export function dayLabel(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
}

export function WeeklyTrafficChart({ data }: { data: TrafficDay[] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.day) }));
  return (
    <div className="h-64 w-full" data-testid="weekly-traffic-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="entries" name="Entries" fill="#2563eb" />
          <Bar dataKey="exits" name="Exits" fill="#0d9488" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function WalkInRateChart({ data }: { data: TrafficDay[] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.day) }));
  return (
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
