import type { LeaveBalance, PersonAttendanceDay, PersonDetailResponse } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { calendarDateText } from '@/lib/dates';
import { organisationClock } from '@/lib/org-time';
import { counted } from '@/lib/plural';
import { daysText } from '@/lib/weekdays';

/** "Mon–Fri · 09:00–17:30 · 10 min grace" */
export function scheduleText(schedule: PersonDetailResponse['schedule']): string {
  const days = daysText(schedule.workdays);
  return `${days || 'No workdays'} · ${schedule.start_time.slice(0, 5)}–${schedule.end_time.slice(0, 5)} · ${schedule.grace_minutes} min grace`;
}

const shortDate = (date: string) => calendarDateText(date, false);

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{empty ? <p className="text-sm text-slate-600">{empty}</p> : children}</CardContent>
    </Card>
  );
}

const DAY_BADGE = {
  absent: { tone: 'danger', label: 'Absent' },
  on_leave: { tone: 'info', label: 'On leave' },
  holiday: { tone: 'neutral', label: 'Holiday' },
  day_off: { tone: 'neutral', label: 'Day off' },
} as const;

/** Worked days with their times; other days with what they were (person-day rule, server-side). */
function dayDetail(day: PersonAttendanceDay): string {
  if (day.kind === 'worked' && day.check_in_time) {
    const out = day.check_out_time ? organisationClock(day.check_out_time) : 'still in';
    // One decimal, as the attendance table shows hours.
    return `${organisationClock(day.check_in_time)} – ${out}${day.hours !== null ? ` · ${day.hours.toFixed(1)} h` : ''}`;
  }
  if (day.kind === 'on_leave') return day.leave_type ?? 'Approved leave';
  return day.kind === 'absent' ? 'No check-in' : '';
}

export function AttendanceSection({ days }: { days: PersonAttendanceDay[] }) {
  return (
    <Section
      title="Recent Attendance (14 days)"
      empty={days.length === 0 ? 'Not employed in the last 14 days.' : null}
    >
      <ul className="divide-y divide-slate-100 text-sm">
        {days.map((day) => (
          <li
            key={day.date}
            data-kind={day.kind}
            className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 py-2 sm:grid-cols-[6.5rem_1fr_auto]"
          >
            <time dateTime={day.date} className="font-medium text-slate-900">
              {shortDate(day.date)}
            </time>
            <span className="text-slate-700">{dayDetail(day)}</span>
            {day.kind !== 'worked' || day.late || day.early_exit ? (
              <span className="col-start-2 flex gap-1 sm:col-start-auto">
                {day.kind !== 'worked' ? (
                  <Badge tone={DAY_BADGE[day.kind].tone}>{DAY_BADGE[day.kind].label}</Badge>
                ) : null}
                {day.late ? <Badge tone="warning">Late</Badge> : null}
                {day.early_exit ? <Badge tone="warning">Left early</Badge> : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function LeaveSection({ balances }: { balances: LeaveBalance[] }) {
  const year = balances[0]?.year;
  return (
    <Section
      title={`Leave Balances${year ? ` ${year}` : ''}`}
      empty={balances.length === 0 ? 'No leave types.' : null}
    >
      <ul className="divide-y divide-slate-100 text-sm">
        {balances.map((b) => (
          <li key={b.leave_type_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-medium text-slate-900">{b.leave_type}</span>
            <span className="text-slate-700">
              {b.unlimited
                ? `${b.used_days} used · no limit`
                : `${b.remaining_days} of ${counted(b.entitled_days, 'day')} left · ${b.used_days} used`}
              {b.pending_days > 0 ? ` · ${b.pending_days} pending` : ''}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
