import { FormField } from './FormField';
import { inputClasses } from './input-classes';

/**
 * The site a department, person, device or camera belongs to. `value` is the site's id as text;
 * `inherit` is a first option worth '' (a person's "Department's site (...)").
 */
export function SiteSelect({
  label = 'Site',
  sites,
  value,
  onChange,
  error,
  hint,
  inherit,
  className,
  selectClassName = `mt-1 ${inputClasses}`,
}: {
  label?: string;
  sites: readonly { id: number; name: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  inherit?: string;
  className?: string;
  selectClassName?: string;
}) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          {...control}
          className={selectClassName}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {inherit !== undefined ? <option value="">{inherit}</option> : null}
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
