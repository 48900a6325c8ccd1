import type { Department } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { errorMessage } from '@/lib/api';
import { MEMBERS_SHOWN, membersQuery, useSetManager } from '../api/reports-api';

const FIELD = 'mt-1 block w-full min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm';
const NONE = '';

/**
 * Picks the department's manager among its own people (typing narrows a large department), or
 * nobody. `onSaved` gets the manager's name as the report shows it ('' for nobody).
 */
export function SetManagerDialog({
  department,
  managerName,
  onClose,
  onSaved,
}: {
  department: Department;
  /** The current manager's name, listed even when a search leaves them out. */
  managerName: string;
  onClose: () => void;
  onSaved: (managerName: string) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState({
    id: department.manager_id === null ? NONE : String(department.manager_id),
    label: managerName,
  });
  const [error, setError] = useState<string | null>(null);
  const members = useQuery(membersQuery(department.id, search.trim()));
  const save = useSetManager();
  const people = (members.data ?? []).map((p) => ({
    id: String(p.id),
    label: `${p.first_name} ${p.last_name} (${p.employee_number})`,
  }));
  const options = chosen.id === NONE || people.some((p) => p.id === chosen.id) ? people : [chosen, ...people];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { departmentId: department.id, userId: chosen.id === NONE ? null : Number(chosen.id) },
      {
        onSuccess: ({ manager }) => onSaved(manager ? `${manager.first_name} ${manager.last_name}` : ''),
        onError: (e) => setError(errorMessage(e, 'The manager could not be saved. Please try again.')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Set manager: ${department.name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
      busy={save.isPending}
    >
      <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-search`}>
        Search people
        <input
          id={`${ids}-search`}
          type="search"
          className={FIELD}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-person`}>
        Manager
        <select
          id={`${ids}-person`}
          className={FIELD}
          value={chosen.id}
          onChange={(e) =>
            setChosen({ id: e.target.value, label: e.target.selectedOptions[0]?.textContent ?? '' })
          }
        >
          <option value={NONE}>No manager</option>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <p className="text-xs text-slate-600" aria-live="polite">
        {members.isPending
          ? 'Loading people...'
          : people.length >= MEMBERS_SHOWN
            ? `The first ${MEMBERS_SHOWN} people of ${department.name} are listed; type to narrow.`
            : `${people.length} ${people.length === 1 ? 'person' : 'people'} of ${department.name}.`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
