import { useId } from 'react';
import { FieldError, invalidProps } from '@/components/ui/FieldError';

/** The required reason every correction or deletion carries into the audit log. */
export function ReasonField({
  value,
  onChange,
  error,
  rows = 3,
}: {
  value: string;
  onChange: (reason: string) => void;
  error?: string;
  rows?: number;
}) {
  const errorId = useId();
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700">
        Reason
        <textarea
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={rows}
          maxLength={500}
          {...invalidProps(errorId, error)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
        />
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
