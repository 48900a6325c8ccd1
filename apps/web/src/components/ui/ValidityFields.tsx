import type { Validity } from '@/lib/grant-form';
import { FormField } from './FormField';
import { inputClasses } from './input-classes';

/** A grant's optional first and last day: empty means from now on, and until revoked. */
export function ValidityFields({
  value,
  onChange,
  errors,
}: {
  value: Validity;
  onChange: (value: Validity) => void;
  errors: Partial<Record<keyof Validity, string>>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Valid from" error={errors.valid_from} hint="Optional: from today if empty.">
        {(control) => (
          <input
            {...control}
            type="date"
            className={`mt-1 ${inputClasses}`}
            value={value.valid_from}
            onChange={(e) => onChange({ ...value, valid_from: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Valid until" error={errors.valid_until} hint="Optional: until revoked if empty.">
        {(control) => (
          <input
            {...control}
            type="date"
            className={`mt-1 ${inputClasses}`}
            value={value.valid_until}
            min={value.valid_from || undefined}
            onChange={(e) => onChange({ ...value, valid_until: e.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
