import type { TeamCalendarDay } from '@atrium/contract';
import { cn } from '@/lib/cn';
import { calendarDateText } from '@/lib/dates';
import { type GridCell, offText, WEEKDAY_HEADINGS } from '../lib/calendar';
import { OffCount } from './OffCount';

/**
 * The month as a Monday-first grid of day buttons, each with its count of people off; clashing
 * days are shaded and say "Clash". Every day is a button (Tab, then Enter or Space), so the
 * keyboard reaches what the mouse does.
 */
export function CalendarGrid({
  cells,
  days,
  today,
  chosen,
  onChoose,
  className,
}: {
  cells: GridCell[];
  days: ReadonlyMap<string, TeamCalendarDay>;
  today: string;
  chosen: string | null;
  onChoose: (date: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid grid-cols-7 gap-1', className)} data-testid="team-calendar-grid">
      {WEEKDAY_HEADINGS.map((name) => (
        <div key={name} aria-hidden="true" className="py-1 text-center text-xs font-medium text-slate-500">
          {name}
        </div>
      ))}
      {cells.map((cell) => {
        if (cell.date === null) return <div key={cell.key} aria-hidden="true" />;
        const day = days.get(cell.date);
        return (
          <button
            key={cell.date}
            type="button"
            data-date={cell.date}
            // What the cell shows, in its order, then the whole date: "6, 3 off, Clash, Mon 6 Jul 2026".
            aria-label={[String(cell.day), offText(day), calendarDateText(cell.date)]
              .filter(Boolean)
              .join(', ')}
            aria-pressed={chosen === cell.date}
            aria-current={cell.date === today ? 'date' : undefined}
            onClick={() => onChoose(cell.date)}
            className={cn(
              'flex min-h-20 flex-col items-start gap-1 rounded-lg border p-1.5 text-left text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
              day?.clash
                ? 'border-red-300 bg-red-50 hover:bg-red-100'
                : day
                  ? 'border-blue-200 bg-blue-50 hover:bg-blue-100'
                  : 'border-slate-100 hover:bg-slate-50',
              cell.date === today && 'ring-2 ring-indigo-500',
              chosen === cell.date && 'outline-2 outline-indigo-700',
            )}
          >
            <span className="font-medium text-slate-900">{cell.day}</span>
            {day ? <OffCount day={day} /> : null}
          </button>
        );
      })}
    </div>
  );
}
