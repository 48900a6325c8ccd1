import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/FieldError';
import { WEEKDAYS } from '@/lib/weekdays';

interface WeekdayPickerProps {
  legend: string;
  /** ISO weekdays, 1 = Monday. */
  value: number[];
  onChange: (days: number[]) => void;
  error?: string;
  errorId: string;
  /** A hint under the legend, with its id for aria-describedby. */
  hint?: { id: string; text: ReactNode };
}

/** A week's days as large checkboxes: a department's schedule, a site's and the organisation's default week. */
export function WeekdayPicker({ legend, value, onChange, error, errorId, hint }: WeekdayPickerProps) {
  const toggle = (day: number) =>
    onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day]);
  return (
    <fieldset aria-describedby={error ? errorId : hint?.id}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? (
        <p id={hint.id} className="mt-1 text-xs text-slate-600">
          {hint.text}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {WEEKDAYS.map((name, index) => {
          const day = index + 1;
          return (
            <label
              key={name}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
            >
              <input
                type="checkbox"
                className="size-5 accent-indigo-600"
                checked={value.includes(day)}
                onChange={() => toggle(day)}
              />
              {name}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
