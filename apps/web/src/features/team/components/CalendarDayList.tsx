import type { TeamCalendarDay } from '@atrium/contract';
import { cn } from '@/lib/cn';
import { calendarDateText } from '@/lib/dates';
import { offText } from '../lib/calendar';
import { OffCount } from './OffCount';

/** The phone's month: only the days with leave, one a line, each a button that shows who is off. */
export function CalendarDayList({
  days,
  chosen,
  onChoose,
  className,
}: {
  days: TeamCalendarDay[];
  chosen: string | null;
  onChoose: (date: string) => void;
  className?: string;
}) {
  if (days.length === 0) return null;
  return (
    <ul
      className={cn('space-y-1.5', className)}
      aria-label="Days with leave"
      data-testid="team-calendar-list"
    >
      {days.map((day) => (
        <li key={day.date}>
          <button
            type="button"
            aria-pressed={chosen === day.date}
            aria-label={`${calendarDateText(day.date, false)}, ${offText(day)}`}
            onClick={() => onChoose(day.date)}
            className={cn(
              'flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-left text-sm',
              'focus-visible:outline-2 focus-visible:outline-indigo-600',
              day.clash ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white',
              chosen === day.date && 'outline-2 outline-indigo-700',
            )}
          >
            <span className="font-medium text-slate-900">{calendarDateText(day.date, false)}</span>
            <OffCount day={day} />
          </button>
        </li>
      ))}
    </ul>
  );
}
