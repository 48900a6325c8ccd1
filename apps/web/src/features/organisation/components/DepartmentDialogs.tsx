import { DepartmentNameRequest, type DepartmentSummary } from '@atrium/contract';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSiteChoices } from '@/lib/site-choices';
import { useDeleteDepartment, useSaveDepartment } from '../api/departments-api';

const LABELS = { name: 'Name', siteId: 'Site' };

/** Add a department, or rename one; with several sites, also say which site it is at. */
export function DepartmentNameDialog({
  department,
  onClose,
}: {
  department: DepartmentSummary | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(department?.name ?? '');
  const { sites, several, first } = useSiteChoices();
  // Empty until chosen: a new department then goes to the first site, an edited one stays.
  const [site, setSite] = useState(department ? String(department.site_id) : '');
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const save = useSaveDepartment();
  const toast = useToast();
  const moved = site !== '' && Number(site) !== department?.site_id;

  const submit = () => {
    const checked = checkForm(
      DepartmentNameRequest,
      { name, ...(moved ? { siteId: Number(site) } : {}) },
      LABELS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: department?.id, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(
            !department
              ? `${saved.name} added`
              : saved.name !== department.name
                ? `Renamed to ${saved.name}`
                : `${saved.name} saved`,
          );
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, LABELS));
          toast.error(errorMessage(error, 'Failed to save the department'));
        },
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={department ? `Rename ${department.name}` : 'Add Department'}
      formId="department-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={save.isPending ? 'Saving...' : department ? 'Rename' : 'Add Department'}
      busy={save.isPending}
      formClassName="grid gap-4"
    >
      <FormField
        label="Name"
        error={errors.name}
        hint={
          department
            ? undefined
            : `It starts with ${several ? "its site's" : 'the default'} work week; change it under Schedules & Holidays.`
        }
      >
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      {several ? (
        <SiteSelect
          sites={sites}
          value={site || String(first?.id ?? '')}
          onChange={setSite}
          error={errors.siteId}
          hint="Its people are at this site unless they have a home site of their own."
        />
      ) : null}
    </FormDialog>
  );
}

/** Deleting asks first; the server refuses while anyone belongs to it and says how many. */
export function DeleteDepartmentDialog({
  department,
  onClose,
}: {
  department: DepartmentSummary;
  onClose: () => void;
}) {
  const remove = useDeleteDepartment();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete ${department.name}?`}
      formId="delete-department-form"
      danger
      busy={remove.isPending}
      submitLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      onSubmit={(e) => {
        e.preventDefault();
        setRefusal(null);
        remove.mutate(department.id, {
          onSuccess: () => {
            toast.success(`${department.name} deleted`);
            onClose();
          },
          onError: (error) => setRefusal(errorMessage(error, 'Failed to delete the department')),
        });
      }}
    >
      <p className="text-sm text-slate-700">
        {department.name} and its work schedule will be removed. A department that still has people cannot be
        deleted: move them to another department first.
      </p>
      <FormAlert>{refusal}</FormAlert>
    </FormDialog>
  );
}
