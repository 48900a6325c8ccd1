import type { AccessLevel } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useSaveAccessLevel } from '@/lib/queries/access-levels';
import { accessPointsQuery } from '../api/access-api';
import {
  checkLevelForm,
  type DoorRow,
  hasErrors,
  type LevelFormErrors,
  levelForm,
  newDoorRow,
  serverLevelErrors,
} from '../lib/level-form';
import { LevelDoorRow } from './LevelDoorRow';

const NO_ERRORS: LevelFormErrors = { rows: {} };

/**
 * Add an access level, or change one: its name, what it is for, and its doors each with the
 * weekdays and hours it opens. The controllers receive the doors as door rights and time plans.
 */
export function AccessLevelDialog({ level, onClose }: { level: AccessLevel | null; onClose: () => void }) {
  const [form, setForm] = useState(() => levelForm(level));
  const [errors, setErrors] = useState<LevelFormErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const points = useQuery(accessPointsQuery());
  const save = useSaveAccessLevel();
  const toast = useToast();

  // A door the list no longer offers (or before it loads) stays choosable under its own name.
  const offered = [...(points.data ?? [])];
  for (const door of level?.doors ?? [])
    if (!offered.some((p) => p.id === door.access_point_id))
      offered.push({
        id: door.access_point_id,
        name: door.access_point,
        area_id: 0,
        area_name: 'current',
        counts_for_attendance: false,
        site_id: 0,
      });

  const setRow = (index: number, row: DoorRow) =>
    setForm((f) => ({ ...f, doors: f.doors.map((r, i) => (i === index ? row : r)) }));
  const removeRow = (index: number) =>
    setForm((f) => ({ ...f, doors: f.doors.filter((_, i) => i !== index) }));

  const submit = () => {
    setFailure(null);
    const checked = checkLevelForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(level ? { id: level.id, body: checked.data } : { body: checked.data }, {
      onSuccess: (saved) => {
        toast.success(level ? `${saved.name} saved` : `${saved.name} added`);
        onClose();
      },
      onError: (error) => {
        // A refusal naming a field shows under it; anything else below the form.
        const fromServer = serverLevelErrors(error, form);
        setErrors(fromServer);
        if (!hasErrors(fromServer)) setFailure(errorMessage(error, 'Failed to save the access level'));
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title={level ? `Edit ${level.name}` : 'Add access level'}
      formId="access-level-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
      busy={save.isPending}
      formClassName="grid gap-4"
    >
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={form.name}
            maxLength={100}
            placeholder="e.g. Warehouse day shift"
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={`mt-1 ${inputClasses}`}
            value={form.description}
            maxLength={300}
            onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          />
        )}
      </FormField>
      <div className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Doors</h3>
        {points.isError ? (
          <FormAlert>
            The doors could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void points.refetch()}>
              Retry
            </button>
          </FormAlert>
        ) : null}
        {form.doors.map((row, index) => (
          <LevelDoorRow
            key={row.key}
            row={row}
            index={index}
            points={offered}
            errors={errors.rows[index] ?? {}}
            onChange={(changed) => setRow(index, changed)}
            onRemove={form.doors.length > 1 ? () => removeRow(index) : undefined}
          />
        ))}
        <FormAlert>{errors.doors}</FormAlert>
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setForm((f) => ({ ...f, doors: [...f.doors, newDoorRow()] }))}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add door
          </Button>
        </div>
      </div>
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
