import type { AccessPoint } from '@atrium/contract';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { FieldError, invalidProps } from '@/components/ui/FieldError';
import { inputClasses } from '@/components/ui/input-classes';
import { cn } from '@/lib/cn';
import { WEEKDAYS } from '@/lib/weekdays';
import type { DoorErrors, DoorRow } from '../lib/level-form';

const ALL_DAY = { starts: '00:00', ends: '24:00' };
/** The hours a door gets when "All day" is unticked: a working day, to be changed. */
const WORKING_HOURS = { starts: '08:00', ends: '18:00' };

/**
 * One door of a level: which door, on which weekdays, from when until when. A time field cannot
 * hold 24:00, so the end field shows midnight as 00:00 and the form stores it as 24:00.
 */
export function LevelDoorRow({
  row,
  index,
  points,
  errors,
  onChange,
  onRemove,
}: {
  row: DoorRow;
  index: number;
  points: AccessPoint[];
  errors: DoorErrors;
  onChange: (row: DoorRow) => void;
  /** Absent for the only row: a level has at least one door. */
  onRemove?: () => void;
}) {
  const id = useId();
  const allDay = row.starts === ALL_DAY.starts && row.ends === ALL_DAY.ends;
  const toggleDay = (day: number) =>
    onChange({
      ...row,
      days: row.days.includes(day) ? row.days.filter((d) => d !== day) : [...row.days, day],
    });

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="level-door">
      <legend className="px-1 text-sm font-medium text-slate-700">Door {index + 1}</legend>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-point`} className="block text-sm font-medium text-slate-700">
            Door
          </label>
          <select
            id={`${id}-point`}
            className={`mt-1 ${inputClasses}`}
            value={row.access_point_id}
            onChange={(e) => onChange({ ...row, access_point_id: e.target.value })}
            {...invalidProps(`${id}-point-error`, errors.access_point_id)}
          >
            <option value="">Choose a door</option>
            {points.map((point) => (
              <option key={point.id} value={point.id}>
                {point.name} ({point.area_name})
              </option>
            ))}
          </select>
        </div>
        {onRemove ? (
          <Button
            variant="ghost"
            onClick={onRemove}
            aria-label={`Remove door ${index + 1}`}
            className="shrink-0"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Remove</span>
          </Button>
        ) : null}
      </div>
      <FieldError id={`${id}-point-error`} message={errors.access_point_id} />

      <fieldset {...invalidProps(`${id}-days-error`, errors.days)}>
        <legend className="text-sm font-medium text-slate-700">Days</legend>
        {/* Seven equal columns: the week stays on one line down to a phone's width. */}
        <div className="mt-1 grid max-w-md grid-cols-7 gap-1">
          {WEEKDAYS.map((name, i) => {
            const day = i + 1;
            const on = row.days.includes(day);
            return (
              // A toggle per day: its name is the whole day ("Monday"), its face the short one.
              <button
                key={name}
                type="button"
                aria-pressed={on}
                aria-label={name}
                onClick={() => toggleDay(day)}
                className={cn(
                  'h-10 min-w-0 rounded-lg border px-1 text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  on
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50',
                )}
              >
                {name.slice(0, 3)}
              </button>
            );
          })}
        </div>
        <FieldError id={`${id}-days-error`} message={errors.days} />
      </fieldset>

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={allDay}
          onChange={(e) => onChange({ ...row, ...(e.target.checked ? ALL_DAY : WORKING_HOURS) })}
        />
        All day
      </label>
      {allDay ? null : (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-starts`} className="block text-sm font-medium text-slate-700">
              Start
            </label>
            <input
              id={`${id}-starts`}
              type="time"
              className={`mt-1 ${inputClasses}`}
              value={row.starts}
              onChange={(e) => onChange({ ...row, starts: e.target.value })}
              {...invalidProps(`${id}-starts-error`, errors.starts)}
            />
            <FieldError id={`${id}-starts-error`} message={errors.starts} />
          </div>
          <div>
            <label htmlFor={`${id}-ends`} className="block text-sm font-medium text-slate-700">
              End
            </label>
            <input
              id={`${id}-ends`}
              type="time"
              className={`mt-1 ${inputClasses}`}
              value={row.ends === '24:00' ? '00:00' : row.ends}
              // Midnight as an end is the end of the day: an end is never before its start.
              onChange={(e) =>
                onChange({ ...row, ends: e.target.value === '00:00' ? '24:00' : e.target.value })
              }
              {...invalidProps(`${id}-ends-error`, errors.ends, `${id}-ends-hint`)}
            />
            <p id={`${id}-ends-hint`} className="mt-1 text-xs text-slate-600">
              00:00 is midnight, the end of the day.
            </p>
            <FieldError id={`${id}-ends-error`} message={errors.ends} />
          </div>
        </div>
      )}
    </fieldset>
  );
}
