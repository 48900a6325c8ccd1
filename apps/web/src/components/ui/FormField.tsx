import { type ReactNode, useId } from 'react';
import { FieldError, invalidProps } from './FieldError';

/** What a form control needs to be named by its label and described by its hint or message. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, its control, an optional hint and the field's validation message. The label points
 * at the control by id rather than wrapping it: a wrapped <select> would add its chosen option
 * to its own accessible name.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, ...invalidProps(`${id}-error`, error, hintId) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
