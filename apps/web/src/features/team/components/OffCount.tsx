import type { TeamCalendarDay } from '@atrium/contract';
import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { offCount } from '../lib/calendar';

/**
 * A day's leave in words: "3 off" (approved and pending together), then how many of them are
 * pending, set apart, and a warning marker with "Clash" when the day clashes. Screen readers hear
 * offText instead (the day's button is named by it).
 */
export function OffCount({ day, className }: { day: TeamCalendarDay; className?: string }) {
  return (
    <span className={cn('flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs', className)}>
      <span className="font-semibold text-slate-900">{offCount(day)} off</span>
      {day.pending > 0 ? (
        <span className="rounded border border-dashed border-yellow-500 px-1 text-yellow-900">
          {day.pending} pending
        </span>
      ) : null}
      {day.clash ? (
        <span className="inline-flex items-center gap-0.5 font-semibold text-red-700">
          <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          Clash
        </span>
      ) : null}
    </span>
  );
}
