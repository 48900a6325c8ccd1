import type { AttendanceRecord } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { Table } from '@/components/ui/Table';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/cn';
import { holidayQueries } from '@/lib/queries/holidays';
import { useAttendanceList } from '../api/attendance-api';
import { monthBounds, monthGrid, monthLabel, shiftMonth, todayLocal } from '../lib/calendar';
import { formatDate, formatTime } from '../lib/format';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
type DayKind = 'present' | 'partial' | 'absent' | 'leave' | 'holiday' | null;

const KIND_STYLE: Record<Exclude<DayKind, null>, string> = {
  present: 'bg-green-100 text-green-900 border-green-300',
  partial: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  absent: 'bg-red-100 text-red-900 border-red-300',
  leave: 'bg-violet-100 text-violet-900 border-violet-300',
  holiday: 'bg-sky-50 text-sky-900 border-sky-300',
};
const KIND_LABEL = {
  present: 'Present',
  partial: 'Partial',
  absent: 'Absent',
  leave: 'On leave',
  holiday: 'Holiday',
} as const;
const LEGEND = {
  present: 'Present (checked in and out)',
  partial: 'Partial (checked in only)',
  absent: 'Absent (past workday, no check-in, no leave)',
  leave: 'On leave (approved)',
  holiday: 'Public holiday (nobody is absent)',
} as const;

/**
 * Present = in and out, partial = in only, absent = a past workday of the person's employment
 * without a record or leave, leave = approved leave on a workday (the server decides all three:
 * days before a start date have no row), holiday = a public holiday nobody had to work (a record
 * on it still shows as worked).
 */
function kindOf(
  record: AttendanceRecord | undefined,
  date: string,
  today: string,
  holiday: string | undefined,
): DayKind {
  if (!record) return holiday ? 'holiday' : null;
  if (record.attendance_status === 'complete') return 'present';
  if (record.attendance_status === 'checked_in') return 'partial';
  if (record.attendance_status === 'on_leave') return 'leave';
  return date < today ? 'absent' : null;
}

export function CalendarTab() {
  const today = todayLocal();
  const [month, setMonth] = useState(today.slice(0, 7));
  const { start, end } = monthBounds(month);
  // Their own days: an administrator's list would otherwise hold everyone's.
  const userId = useAuth().user?.id;
  const list = useAttendanceList({ startDate: start, endDate: end, pageSize: 200, userId });
  const byDate = new Map((list.data?.attendance ?? []).map((r) => [r.date, r]));
  // Holidays only name days; without them the calendar still shows every record.
  const holidays = useQuery(holidayQueries.mine(Number(month.slice(0, 4))));
  const holidayNames = new Map((holidays.data ?? []).map((h) => [h.date, h.name]));

  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label="Previous month"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
            {monthLabel(month)}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Next month"
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <QueryState query={list} what="Attendance history is">
          {() => (
            <Table
              caption={`Attendance in ${monthLabel(month)}`}
              look="quiet"
              className="table-fixed border-separate border-spacing-1"
              testId="attendance-calendar"
              columns={WEEKDAYS.map((label) => ({ label, align: 'center' }))}
            >
              {chunk(monthGrid(month), 7).map((week) => (
                <tr key={week[0]!.date}>
                  {week.map((cell) => {
                    const record = cell.inMonth ? byDate.get(cell.date) : undefined;
                    const holiday = cell.inMonth ? holidayNames.get(cell.date) : undefined;
                    const kind = cell.inMonth ? kindOf(record, cell.date, today, holiday) : null;
                    const inAt = formatTime(record?.check_in_time, record?.time_zone);
                    const outAt = formatTime(record?.check_out_time, record?.time_zone);
                    return (
                      <td
                        key={cell.date}
                        aria-current={cell.date === today ? 'date' : undefined}
                        data-date={cell.date}
                        data-kind={kind ?? undefined}
                        className={cn(
                          'h-14 rounded-md border p-1 align-top text-xs sm:h-20 sm:p-1.5',
                          cell.inMonth
                            ? 'border-slate-200 text-slate-800'
                            : 'border-transparent text-slate-500',
                          kind && KIND_STYLE[kind],
                          cell.date === today && 'ring-2 ring-indigo-600 ring-offset-1',
                        )}
                      >
                        <span className="block font-semibold">
                          {cell.day}
                          <span className="sr-only">
                            {' '}
                            {formatDate(cell.date)}
                            {kind ? `, ${KIND_LABEL[kind]}` : ''}
                            {holiday ? `, ${holiday}` : ''}
                            {cell.date === today ? ', today' : ''}
                          </span>
                        </span>
                        {holiday ? (
                          <span aria-hidden="true" className="block truncate" title={holiday}>
                            {holiday}
                          </span>
                        ) : null}
                        {kind === 'leave' ? (
                          <span className="block truncate" title={record?.leave_type ?? undefined}>
                            {record?.leave_type ?? 'Leave'}
                          </span>
                        ) : null}
                        {inAt ? <span className="block truncate">{inAt}</span> : null}
                        {outAt ? <span className="block truncate">{outAt}</span> : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </Table>
          )}
        </QueryState>
        <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Legend">
          {(['present', 'partial', 'absent', 'leave', 'holiday'] as const).map((k) => (
            <li key={k} className="flex items-center gap-2">
              <span aria-hidden="true" className={cn('size-4 rounded border', KIND_STYLE[k])} />
              {LEGEND[k]}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 rounded ring-2 ring-indigo-600" />
            Today
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, i * size + size),
  );
}
