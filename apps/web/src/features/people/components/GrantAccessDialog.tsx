import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { ValidityFields } from '@/components/ui/ValidityFields';
import { errorMessage } from '@/lib/api';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { checkGrantForm, GRANT_LABELS, GRANT_WORDING, type GrantField } from '@/lib/grant-form';
import { accessLevelQueries, useCreateGrant } from '@/lib/queries/access-levels';

/** Grants one person an access level of the organisation, optionally between two days. */
export function GrantAccessDialog({
  person,
  onClose,
}: {
  person: { id: number; name: string };
  onClose: () => void;
}) {
  const ids = useId();
  const levels = useQuery(accessLevelQueries.list());
  const [levelId, setLevelId] = useState('');
  const [validity, setValidity] = useState({ valid_from: '', valid_until: '' });
  const [errors, setErrors] = useState<FieldErrors<GrantField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateGrant();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkGrantForm(
      levelId ? Number(levelId) : null,
      { kind: 'person', id: person.id },
      validity,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (grant) => {
        toast.success(`${grant.level_name} granted to ${person.name}`);
        onClose();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error, GRANT_LABELS, GRANT_WORDING));
        setFailure(errorMessage(error, 'The access could not be granted'));
      },
    });
  };

  const chosen = levels.data?.find((level) => String(level.id) === levelId);
  return (
    <FormDialog
      onClose={onClose}
      title={`Grant access to ${person.name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={create.isPending ? 'Granting...' : 'Grant'}
      busy={create.isPending}
      formClassName="grid gap-4"
    >
      <FormField
        label="Access level"
        error={errors.level_id}
        hint={chosen ? chosen.description || undefined : undefined}
      >
        {(control) => (
          <select
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={levelId}
            onChange={(e) => setLevelId(e.target.value)}
          >
            <option value="">
              {levels.isError ? 'Access levels could not be loaded' : 'Choose an access level'}
            </option>
            {(levels.data ?? []).map((level) => (
              <option key={level.id} value={level.id}>
                {level.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ValidityFields value={validity} onChange={setValidity} errors={errors} />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
