import type { TeamCounts } from '@atrium/contract';
import { CalendarDays, ClockAlert, Hourglass, type LucideIcon, UserCheck, UserX } from 'lucide-react';
import { cn } from '@/lib/cn';

interface Tile {
  key: keyof TeamCounts;
  title: string;
  icon: LucideIcon;
  iconClass: string;
}

/** The tiles in order; Present counts everyone with a record, the late ones included. */
const TILES: readonly Tile[] = [
  { key: 'present', title: 'Present', icon: UserCheck, iconClass: 'text-green-600' },
  { key: 'late', title: 'Late', icon: ClockAlert, iconClass: 'text-yellow-600' },
  { key: 'not_yet_in', title: 'Not Yet In', icon: Hourglass, iconClass: 'text-slate-500' },
  { key: 'absent', title: 'Absent', icon: UserX, iconClass: 'text-red-600' },
  { key: 'on_leave', title: 'On Leave', icon: CalendarDays, iconClass: 'text-blue-600' },
];

/** How many of the team are each thing today: five tiles, two a row on a phone. */
export function TeamTiles({ counts }: { counts: TeamCounts }) {
  return (
    <ul aria-label="Team counts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {TILES.map(({ key, title, icon: Icon, iconClass }) => (
        <li
          key={key}
          data-testid={`team-tile-${key}`}
          className={cn(
            'rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
            // Five tiles two a row leave Present alone on the first: it is the headline figure.
            key === 'present' && 'col-span-2 sm:col-span-1',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-600">{title}</span>
            <Icon aria-hidden="true" className={cn('size-5 shrink-0', iconClass)} />
          </div>
          <p className="mt-2 text-slate-900">
            <span className="text-3xl font-semibold">{counts[key]}</span>
            {key === 'present' ? (
              <span className="text-sm text-slate-600"> of {counts.expected} expected</span>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
