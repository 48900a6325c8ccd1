import { DepartmentNameRequest, type DepartmentSummary } from '@atrium/contract';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useDeleteDepartment, useSaveDepartment } from '../api/departments-api';

const LABELS = { name: 'Name' };

/** Add a department, or rename one. */
export function DepartmentNameDialog({
  department,
  onClose,
}: {
  department: DepartmentSummary | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(department?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const save = useSaveDepartment();
  const toast = useToast();

  const submit = () => {
    const checked = checkForm(DepartmentNameRequest, { name }, LABELS);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: department?.id, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(department ? `Renamed to ${saved.name}` : `${saved.name} added`);
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
            : 'It starts with the default work week; change it under Schedules & Holidays.'
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
