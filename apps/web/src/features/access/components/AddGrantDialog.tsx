import type { AccessLevel } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { PersonPicker } from '@/components/ui/PersonPicker';
import { personName, usePersonPicker } from '@/components/ui/person-picker';
import { useToast } from '@/components/ui/toast-context';
import { ValidityFields } from '@/components/ui/ValidityFields';
import { errorMessage } from '@/lib/api';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { checkGrantForm, GRANT_LABELS, GRANT_WORDING, type GrantField } from '@/lib/grant-form';
import { useCreateGrant } from '@/lib/queries/access-levels';
import { departmentQueries } from '@/lib/queries/departments';
import { DIRECTORY_PEOPLE_SHOWN, directoryQuery } from '@/lib/queries/people-directory';

type Kind = 'department' | 'person';

/** Grants a level to a whole department or to one person, from a day and until a day if given. */
export function AddGrantDialog({ level, onClose }: { level: AccessLevel; onClose: () => void }) {
  const ids = useId();
  const [kind, setKind] = useState<Kind>('department');
  const [departmentId, setDepartmentId] = useState('');
  const [validity, setValidity] = useState({ valid_from: '', valid_until: '' });
  const [errors, setErrors] = useState<FieldErrors<GrantField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const departments = useQuery(departmentQueries.list());
  const picker = usePersonPicker(directoryQuery, { shown: DIRECTORY_PEOPLE_SHOWN });
  const create = useCreateGrant();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const id =
      kind === 'department' ? (departmentId ? Number(departmentId) : null) : (picker.chosen?.id ?? null);
    const checked = checkGrantForm(level.id, { kind, id }, validity);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const whom =
      kind === 'department'
        ? (departments.data?.find((d) => d.id === id)?.name ?? 'the department')
        : picker.chosen
          ? personName(picker.chosen)
          : 'them';
    create.mutate(checked.data, {
      onSuccess: () => {
        toast.success(`${level.name} granted to ${whom}`);
        onClose();
      },
      onError: (error) => {
        const fromServer = serverFieldErrors(error, GRANT_LABELS, GRANT_WORDING);
        setErrors(fromServer);
        setFailure(errorMessage(error, 'The grant could not be added'));
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Grant ${level.name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={create.isPending ? 'Granting...' : 'Grant'}
      busy={create.isPending}
      formClassName="grid gap-4"
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Grant to</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['department', 'person'] as const).map((option) => (
            <label key={option} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${ids}-kind`}
                className="size-4 accent-indigo-600"
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  setErrors({});
                }}
              />
              {option === 'department' ? 'A department' : 'A person'}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'department' ? (
        <FormField label="Department" error={errors.department_id}>
          {(control) => (
            <select
              {...control}
              className={`mt-1 ${inputClasses}`}
              value={departmentId}
              onChange={(e) => setDepartmentId(e.target.value)}
            >
              <option value="">
                {departments.isError ? 'Departments could not be loaded' : 'Choose a department'}
              </option>
              {(departments.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <PersonPicker
          picker={picker}
          label="Person"
          idPrefix={`${ids}-picker`}
          error={errors.user_id}
          placeholder="Name"
        />
      )}
      <ValidityFields value={validity} onChange={setValidity} errors={errors} />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
