import type { AccessLevelDoor } from '@atrium/contract';
import { DoorOpen } from 'lucide-react';
import { doorScheduleText } from '@/lib/access-schedule';
import { cn } from '@/lib/cn';

/**
 * An access level's doors, each with when it opens in words ("Warehouse Dock · Mon–Fri
 * 06:00–20:00"): the same lines on the organisation's levels, the person page and My Access.
 */
export function DoorSchedules({
  doors,
  label,
  className,
}: {
  doors: AccessLevelDoor[];
  /** The list's accessible name ("Doors of Warehouse"). */
  label: string;
  className?: string;
}) {
  if (doors.length === 0) return <p className={cn('text-sm text-slate-600', className)}>No doors</p>;
  return (
    <ul aria-label={label} className={cn('space-y-1 text-sm text-slate-700', className)}>
      {doors.map((door) => (
        <li key={door.access_point_id} className="flex items-start gap-1.5">
          <DoorOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="min-w-0 break-words">{doorScheduleText(door)}</span>
        </li>
      ))}
    </ul>
  );
}
