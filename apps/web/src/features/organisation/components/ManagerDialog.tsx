import type { DepartmentSummary } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { MEMBERS_SHOWN, membersQuery, useSetDepartmentManager } from '../api/departments-api';

const NONE = '';

/** Picks the department's manager among its own active people (typing narrows), or nobody. */
export function ManagerDialog({
  department,
  onClose,
}: {
  department: DepartmentSummary;
  onClose: () => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState({
    id: department.manager_id === null ? NONE : String(department.manager_id),
    label: department.manager_name ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const members = useQuery(membersQuery(department.id, search.trim()));
  const save = useSetDepartmentManager();
  const toast = useToast();
  const people = (members.data ?? []).map((p) => ({
    id: String(p.id),
    label: `${p.first_name} ${p.last_name} (${p.employee_number})`,
  }));
  // The current manager stays listed even when a search leaves them out.
  const options = chosen.id === NONE || people.some((p) => p.id === chosen.id) ? people : [chosen, ...people];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { departmentId: department.id, userId: chosen.id === NONE ? null : Number(chosen.id) },
      {
        onSuccess: ({ manager }) => {
          toast.success(
            manager
              ? `${manager.first_name} ${manager.last_name} manages ${department.name}`
              : `${department.name} has no manager`,
          );
          onClose();
        },
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
          className={`mt-1 ${inputClasses}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-person`}>
        Manager
        <select
          id={`${ids}-person`}
          className={`mt-1 ${inputClasses}`}
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
            : `${people.length} active ${people.length === 1 ? 'person' : 'people'} of ${department.name}.`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
