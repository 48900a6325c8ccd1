import type { DepartmentSummary } from '@atrium/contract';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useSetDepartmentParent } from '../api/departments-api';
import { departmentTree, selfAndInside } from '../lib/department-tree';

const TOP = '';

/**
 * Moves a department inside another, or to the top. The department itself and those inside it
 * are not offered (the server refuses them too, naming the loop).
 */
export function ParentDialog({
  department,
  departments,
  onClose,
}: {
  department: DepartmentSummary;
  departments: readonly DepartmentSummary[];
  onClose: () => void;
}) {
  const ids = useId();
  const [parent, setParent] = useState(department.parent_id === null ? TOP : String(department.parent_id));
  const [error, setError] = useState<string | null>(null);
  const save = useSetDepartmentParent();
  const toast = useToast();
  const excluded = selfAndInside(departments, department.id);
  const options = departmentTree(departments).filter((row) => !excluded.has(row.department.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parentId = parent === TOP ? null : Number(parent);
    save.mutate(
      { id: department.id, parentId },
      {
        onSuccess: () => {
          const name = departments.find((d) => d.id === parentId)?.name;
          toast.success(
            name ? `${department.name} is now inside ${name}` : `${department.name} is now at the top`,
          );
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'The department could not be moved. Please try again.')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Set parent: ${department.name}`}
      formId={`${ids}-form`}
      onSubmit={submit}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
      busy={save.isPending}
    >
      <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-parent`}>
        Parent department
        <select
          id={`${ids}-parent`}
          className={`mt-1 ${inputClasses}`}
          value={parent}
          onChange={(e) => setParent(e.target.value)}
          aria-describedby={`${ids}-hint`}
        >
          <option value={TOP}>None (top level)</option>
          {options.map(({ department: d, depth }) => (
            <option key={d.id} value={String(d.id)}>
              {`${'\u2003'.repeat(depth)}${d.name}`}
            </option>
          ))}
        </select>
      </label>
      <p id={`${ids}-hint`} className="text-xs text-slate-600">
        {department.name} and the departments inside it cannot be its parent.
      </p>
      <FormAlert>{error}</FormAlert>
    </FormDialog>
  );
}
