import type { DashboardAnalytics } from '@atrium/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useAnalytics } from '../api/dashboard-api';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MARGIN = { top: 8, right: 8, left: -12, bottom: 0 };

function ChartCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactElement;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">
        <div className="h-56 w-full" data-testid={testId}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

/** The Analytics tab (loaded with recharts only when the tab is opened). */
export default function AnalyticsCharts() {
  const analytics = useAnalytics();
  return (
    <QueryState query={analytics} what="Analytics are">
      {(a) => <Charts analytics={a} />}
    </QueryState>
  );
}

function Charts({ analytics: a }: { analytics: DashboardAnalytics }) {
  const attendance = a.attendanceRate.map((d) => ({ ...d, label: d.date.slice(5) }));
  const hours = a.accessByHour.map((h) => ({ ...h, label: String(h.hour).padStart(2, '0') }));
  const weekdays = a.footTrafficByWeekday.map((w) => ({ ...w, label: WEEKDAYS[w.weekday - 1] }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Attendance Rate, 30 Days to Yesterday" testId="chart-attendance-rate">
        <LineChart data={attendance} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 11 }} unit="%" domain={[0, 100]} />
          {/* Of the people expected at work that day (scheduled, employed, not on leave). */}
          <Tooltip formatter={(v) => `${v}% of those expected`} />
          {/* Days nobody was expected (weekends, holidays) have no rate: the line joins workdays. */}
          <Line
            type="monotone"
            dataKey="rate"
            name="Attendance"
            stroke="#4f46e5"
            dot={{ r: 2 }}
            connectNulls
          />
        </LineChart>
      </ChartCard>
      <ChartCard title="Leave Days Taken by Type" testId="chart-leave-by-type">
        <BarChart data={a.leaveByType} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="leaveType" tick={{ fontSize: 11 }} interval={0} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="days" name="Days" fill="#0d9488" />
        </BarChart>
      </ChartCard>
      <ChartCard title="Access Passages by Hour" testId="chart-access-by-hour">
        <BarChart data={hours} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={2} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip labelFormatter={(l) => `${l}:00`} />
          <Bar dataKey="passages" name="Passages" fill="#2563eb" />
        </BarChart>
      </ChartCard>
      <ChartCard title="Foot Traffic by Weekday" testId="chart-foot-traffic-weekday">
        <BarChart data={weekdays} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="entries" name="Mean entries a day" fill="#7c3aed" />
        </BarChart>
      </ChartCard>
    </div>
  );
}
