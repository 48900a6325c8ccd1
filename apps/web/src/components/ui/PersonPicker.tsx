import { type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './Button';
import { FieldError } from './FieldError';
import { inputClasses } from './input-classes';
import { type PersonPickerState, type PickablePerson, personName } from './person-picker';

/** "Dana Lee · Sales (E-8)": the name first, so typing the name finds the option. */
const optionText = (person: PickablePerson) =>
  `${personName(person)} · ${person.department_name ?? 'No department'}${
    person.employee_number ? ` (${person.employee_number})` : ''
  }`;

/** What the list holds, said politely as it changes. */
function statusText<P extends PickablePerson>({ people, found, shown }: PersonPickerState<P>): string {
  if (people.isPending) return 'Loading people...';
  if (people.isError) return 'People could not be loaded.';
  if ((people.data?.length ?? 0) >= shown)
    return `The first ${shown} active people in name order are listed; type to narrow.`;
  return `${found.length} active ${found.length === 1 ? 'person' : 'people'} found.`;
}

/**
 * Finds one active person of the organisation: a search that narrows (Enter narrows, it does not
 * send the form around it) and a list to choose from, with how many were found and a Retry when
 * they could not be loaded. The state lives in usePersonPicker, so the form reads the choice.
 */
export function PersonPicker<P extends PickablePerson>({
  picker,
  label,
  idPrefix,
  hint,
  error,
  action,
  selectRef,
  className,
  placeholder = 'Name, email, employee or badge number',
}: {
  picker: PersonPickerState<P>;
  /** The list's label: who is being chosen ("Person", "Delegate", "Approver"). */
  label: string;
  /** The ids start with it (the hint is `${idPrefix}-hint`), so what sits beside can point at them. */
  idPrefix?: string;
  /** What choosing does, under the list. */
  hint?: ReactNode;
  error?: string;
  /** A button beside the list (Add). */
  action?: ReactNode;
  selectRef?: Ref<HTMLSelectElement>;
  className?: string;
  /** What the search reads (the directory managers use finds names only). */
  placeholder?: string;
}) {
  const generated = useId();
  const ids = idPrefix ?? generated;
  const { search, setSearch, people, found, chosen, choose } = picker;
  const hintId = hint ? `${ids}-hint` : undefined;
  const describedBy = error ? `${ids}-error` : [hintId, `${ids}-status`].filter(Boolean).join(' ');

  const keepSearching = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <div className={cn('grid gap-3', className)}>
      <div>
        <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-search`}>
          Find a person
        </label>
        <input
          id={`${ids}-search`}
          type="search"
          className={`mt-1 ${inputClasses}`}
          placeholder={placeholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={keepSearching}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-person`}>
            {label}
          </label>
          <select
            ref={selectRef}
            id={`${ids}-person`}
            className={`mt-1 ${inputClasses}`}
            value={chosen ? String(chosen.id) : ''}
            onChange={(e) => choose(e.target.value === '' ? null : Number(e.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          >
            <option value="">{people.isError ? 'People could not be loaded' : 'Choose a person'}</option>
            {found.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {optionText(person)}
              </option>
            ))}
          </select>
        </div>
        {action}
      </div>
      <FieldError id={`${ids}-error`} message={error} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${ids}-status`} className="text-xs text-slate-600" aria-live="polite">
        {statusText(picker)}
      </p>
      {people.isError ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => void people.refetch()}>
            Retry loading people
          </Button>
        </div>
      ) : null}
    </div>
  );
}
