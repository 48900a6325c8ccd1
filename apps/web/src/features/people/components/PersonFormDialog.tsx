import { type CreatePersonResponse, type Person, PersonFields } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { departmentQueries } from '@/lib/queries/departments';
import { useSiteChoices } from '@/lib/site-choices';
import { useCreatePerson, useUpdatePerson } from '../api/people-api';

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  employeeNumber: 'Employee number',
  badgeNumber: 'Badge number',
  departmentId: 'Department',
  role: 'Role',
  startDate: 'Start date',
  endDate: 'Last working day',
  siteId: 'Home site',
};
type Field = keyof typeof LABELS;

/**
 * What the form holds: text as typed; "no department", no start or last day and "the
 * department's site" are empty.
 */
type Values = Record<Field, string>;

const valuesOf = (person: Person | null): Values => ({
  firstName: person?.first_name ?? '',
  lastName: person?.last_name ?? '',
  email: person?.email ?? '',
  employeeNumber: person?.employee_number ?? '',
  badgeNumber: person?.badge_number ?? '',
  departmentId: person?.department_id ? String(person.department_id) : '',
  role: person?.role ?? 'staff',
  startDate: person?.start_date ?? '',
  endDate: person?.end_date ?? '',
  siteId: person?.home_site_id ? String(person.home_site_id) : '',
});

/**
 * The request the contract checks: empty optional fields become null; a new person has no last
 * day; the home site is sent only with several sites (one site leaves nothing to choose).
 */
const requestOf = ({ endDate, siteId, ...v }: Values, editing: boolean, several: boolean) => ({
  ...v,
  departmentId: v.departmentId === '' ? null : Number(v.departmentId),
  startDate: v.startDate === '' ? null : v.startDate,
  ...(editing ? { endDate: endDate === '' ? null : endDate } : {}),
  ...(several ? { siteId: siteId === '' ? null : Number(siteId) } : {}),
});

/**
 * Adds a person (the answer carries their invitation link, handed to `onCreated`) or edits one.
 * The form checks with the contract's PersonFields; the server's refusals (an email or badge
 * already used, an unknown department) appear under their fields.
 */
export function PersonFormDialog({
  person,
  onClose,
  onCreated,
}: {
  person: Person | null;
  onClose: () => void;
  onCreated?: (created: CreatePersonResponse) => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(person));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const departments = useQuery(departmentQueries.list());
  const { sites, several, first } = useSiteChoices();
  const department = departments.data?.find((d) => String(d.id) === values.departmentId);
  // Without a department a person is at the organisation's first site.
  const departmentSite = department ? department.site : first?.name;
  const create = useCreatePerson();
  const update = useUpdatePerson(person?.id ?? 0);
  const busy = create.isPending || update.isPending;
  const toast = useToast();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const failed = (error: unknown) => {
    setErrors(serverFieldErrors(error, LABELS));
    toast.error(errorMessage(error, 'Failed to save the person'));
  };

  const submit = () => {
    const checked = checkForm(PersonFields, requestOf(values, person !== null, several), LABELS);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (person) {
      update.mutate(checked.data, {
        onSuccess: () => {
          toast.success('Changes saved');
          onClose();
        },
        onError: failed,
      });
    } else {
      create.mutate(checked.data, {
        onSuccess: (created) => {
          toast.success(`${created.person.first_name} ${created.person.last_name} added`);
          onCreated?.(created);
        },
        onError: failed,
      });
    }
  };

  const text = (
    field: Field,
    props: { type?: string; maxLength: number; autoComplete?: string; min?: string },
  ) => (
    <FormField label={LABELS[field]} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          {...props}
          className={`mt-1 ${inputClasses}`}
          value={values[field]}
          onChange={set(field)}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={person ? `Edit ${person.first_name} ${person.last_name}` : 'Add Person'}
      formId="person-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={busy ? 'Saving...' : person ? 'Save Changes' : 'Add Person'}
      busy={busy}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      {text('firstName', { maxLength: 80, autoComplete: 'off' })}
      {text('lastName', { maxLength: 80, autoComplete: 'off' })}
      <div className="sm:col-span-2">
        {text('email', { type: 'email', maxLength: 254, autoComplete: 'off' })}
      </div>
      {text('employeeNumber', { maxLength: 32 })}
      {text('badgeNumber', { maxLength: 32 })}
      <FormField label="Department" error={errors.departmentId}>
        {(control) => (
          <select
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={values.departmentId}
            onChange={set('departmentId')}
          >
            <option value="">No department</option>
            {departments.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Role" error={errors.role}>
        {(control) => (
          <select {...control} className={`mt-1 ${inputClasses}`} value={values.role} onChange={set('role')}>
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </FormField>
      {several ? (
        <SiteSelect
          label={LABELS.siteId}
          sites={sites}
          value={values.siteId}
          onChange={(siteId) => setValues((v) => ({ ...v, siteId }))}
          error={errors.siteId}
          inherit={`Department's site (${departmentSite ?? '...'})`}
          className="sm:col-span-2"
        />
      ) : null}
      {text('startDate', { type: 'date', maxLength: 10 })}
      {person ? text('endDate', { type: 'date', maxLength: 10, min: values.startDate || undefined }) : null}
    </FormDialog>
  );
}
