import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { QueryState } from '@/components/ui/QueryState';
import { useAttendanceStats } from '../api/attendance-api';
import { monthLabel, todayLocal } from '../lib/calendar';

/** This month's figures, all computed by the server from scheduled workdays. */
export function StatsTab() {
  const month = todayLocal().slice(0, 7);
  const stats = useAttendanceStats(month);
  return (
    <QueryState query={stats} what="Attendance statistics are">
      {(s) => (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure
              label="Attendance Rate"
              value={s.attendance_rate === null ? '—' : `${s.attendance_rate}%`}
              note={s.attendance_rate === null ? 'No workdays yet this month' : 'This month'}
            />
            <Figure
              label="Average Hours per Day"
              value={s.average_hours_per_day === null ? '—' : s.average_hours_per_day.toFixed(1)}
              note={s.average_hours_per_day === null ? 'No completed days yet' : 'Completed days this month'}
            />
            <Figure
              label="Streak"
              value={`${s.streak}`}
              note={s.streak === 1 ? 'workday present' : 'workdays present in a row'}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Monthly Summary · {monthLabel(s.month)}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <Detail label="Total Days" look="tile">
                  {s.total_days}
                </Detail>
                <Detail label="Present" look="tile">
                  {s.present_days}
                </Detail>
                <Detail label="Absent" look="tile">
                  {s.total_days - s.present_days}
                </Detail>
                <Detail label="Total Hours" look="tile">
                  {s.total_hours.toFixed(1)}
                </Detail>
              </dl>
              {s.late_days > 0 ? (
                <p className="mt-3 text-sm text-slate-600">
                  Late arrivals this month: <strong>{s.late_days}</strong>
                </p>
              ) : null}
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card>
      <CardContent>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-3xl font-semibold text-slate-900">{value}</p>
        <p className="mt-1 text-xs text-slate-500">{note}</p>
      </CardContent>
    </Card>
  );
}
