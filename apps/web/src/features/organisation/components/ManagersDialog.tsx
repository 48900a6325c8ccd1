import { type DepartmentManager, type DepartmentSummary, MAX_DEPARTMENT_MANAGERS } from '@atrium/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { PersonPicker } from '@/components/ui/PersonPicker';
import { personName, usePersonPicker } from '@/components/ui/person-picker';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { activePeopleQuery, PEOPLE_SHOWN, useSetDepartmentManagers } from '../api/departments-api';

/** Where focus goes once the list has changed: a person's button, or the picker. */
type FocusTarget = { id: number; button: 'up' | 'remove' } | 'picker' | null;

/**
 * A department's managers in order: the first decides, the others stand in. Any active person of
 * the organisation can be added (typing narrows), up to MAX_DEPARTMENT_MANAGERS; Save sends the
 * order as it stands, an empty list leaving the department with no manager.
 */
export function ManagersDialog({
  department,
  onClose,
}: {
  department: DepartmentSummary;
  onClose: () => void;
}) {
  const ids = useId();
  const [managers, setManagers] = useState<DepartmentManager[]>(department.managers);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const picker = usePersonPicker(activePeopleQuery, { shown: PEOPLE_SHOWN });
  const save = useSetDepartmentManagers();
  const toast = useToast();

  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pickerSelect = useRef<HTMLSelectElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'picker') pickerSelect.current?.focus();
    else buttons.current.get(`${focusTarget.button}-${focusTarget.id}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  const chosen = picker.chosen;
  const chosenName = chosen ? personName(chosen) : '';
  const full = managers.length >= MAX_DEPARTMENT_MANAGERS;
  const listed = chosen !== undefined && managers.some((m) => m.id === chosen.id);
  const addHint = full
    ? `A department has at most ${MAX_DEPARTMENT_MANAGERS} managers: remove one to add another.`
    : listed
      ? `${chosenName} is already listed.`
      : chosen
        ? `Add ${chosenName} as manager ${managers.length + 1}.`
        : 'Choose a person to add.';

  const add = () => {
    if (!chosen || full || listed) return;
    setManagers([...managers, { id: chosen.id, name: chosenName }]);
    picker.choose(null);
    setAnnouncement(`${chosenName} added as manager ${managers.length + 1}.`);
    setFocusTarget('picker');
  };

  const moveUp = (index: number) => {
    const person = managers[index]!;
    const next = [...managers];
    next.splice(index, 1);
    next.splice(index - 1, 0, person);
    setManagers(next);
    setAnnouncement(`${person.name} is now manager ${index}${index === 1 ? ' and decides' : ''}.`);
    // The first has no Move up: focus stays on the person, on their Remove.
    setFocusTarget({ id: person.id, button: index === 1 ? 'remove' : 'up' });
  };

  const remove = (index: number) => {
    const person = managers[index]!;
    const next = managers.filter((m) => m.id !== person.id);
    setManagers(next);
    setAnnouncement(`${person.name} removed.`);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { id: neighbour.id, button: 'remove' } : 'picker');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { departmentId: department.id, managerIds: managers.map((m) => m.id) },
      {
        onSuccess: ({ managers: saved }) => {
          toast.success(
            saved.length > 0
              ? `${saved.map((m) => m.name).join(', ')} ${saved.length === 1 ? 'manages' : 'manage'} ${department.name}`
              : `${department.name} has no manager`,
          );
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'The managers could not be saved. Please try again.')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Managers: ${department.name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
      busy={save.isPending}
    >
      <p id={`${ids}-order`} className="text-sm text-slate-600">
        The first manager decides; the others stand in, in this order.
      </p>
      {managers.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600">
          {department.name} has no manager yet.
        </p>
      ) : (
        <ol
          aria-label="Managers"
          aria-describedby={`${ids}-order`}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {managers.map((manager, index) => (
            <li key={manager.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-medium break-words text-slate-900">
                  {index + 1}. {manager.name}
                </span>{' '}
                <Badge tone={index === 0 ? 'info' : 'neutral'}>{index === 0 ? 'Decides' : 'Stands in'}</Badge>
              </span>
              <span className="flex shrink-0 gap-2">
                {index > 0 ? (
                  <Button
                    ref={buttonRef(`up-${manager.id}`)}
                    variant="secondary"
                    size="sm"
                    onClick={() => moveUp(index)}
                    aria-label={`Move up ${manager.name}`}
                  >
                    Move up
                  </Button>
                ) : null}
                <Button
                  ref={buttonRef(`remove-${manager.id}`)}
                  variant="secondary"
                  size="sm"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${manager.name}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Add a manager</legend>
        <PersonPicker
          picker={picker}
          label="Person"
          idPrefix={`${ids}-picker`}
          hint={addHint}
          selectRef={pickerSelect}
          action={
            <Button
              variant="secondary"
              onClick={add}
              disabled={!chosen || full || listed}
              aria-describedby={`${ids}-picker-hint`}
            >
              Add
            </Button>
          }
        />
      </fieldset>
      <FormAlert>{error}</FormAlert>
    </FormDialog>
  );
}
