import { type DepartmentSchedule, ScheduleRequest } from '@atrium/contract';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { WeekdayPicker } from '@/components/ui/WeekdayPicker';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSaveSchedule } from '../api/departments-api';

const LABELS = { workdays: 'Workdays', startTime: 'Start', endTime: 'End', graceMinutes: 'Grace' };

/** Changes a department's schedule from today on: weekdays, hours and grace minutes. */
export function ScheduleDialog({ schedule, onClose }: { schedule: DepartmentSchedule; onClose: () => void }) {
  const ids = useId();
  const [values, setValues] = useState({
    workdays: schedule.current.workdays,
    startTime: schedule.current.startTime,
    endTime: schedule.current.endTime,
    graceMinutes: String(schedule.current.graceMinutes),
  });
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const save = useSaveSchedule();
  const toast = useToast();

  const submit = () => {
    const grace = values.graceMinutes.trim();
    const checked = checkForm(
      ScheduleRequest,
      { ...values, graceMinutes: grace === '' ? undefined : Number(grace) },
      LABELS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { departmentId: schedule.departmentId, body: checked.data },
      {
        onSuccess: () => {
          toast.success(`${schedule.departmentName}'s schedule saved`);
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, LABELS));
          toast.error(errorMessage(error, 'Failed to save the schedule'));
        },
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Schedule: ${schedule.departmentName}`}
      formId={`${ids}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={save.isPending ? 'Saving...' : 'Save Schedule'}
      busy={save.isPending}
      formClassName="grid gap-4"
    >
      <p className="text-sm text-slate-700">Applies from today; earlier days keep the schedule they had.</p>
      <WeekdayPicker
        legend="Workdays"
        value={values.workdays}
        onChange={(workdays) => setValues((v) => ({ ...v, workdays }))}
        error={errors.workdays}
        errorId={`${ids}-days-error`}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Start" error={errors.startTime}>
          {(control) => (
            <input
              {...control}
              type="time"
              className={`mt-1 ${inputClasses}`}
              value={values.startTime}
              onChange={(e) => setValues((v) => ({ ...v, startTime: e.target.value }))}
            />
          )}
        </FormField>
        <FormField label="End" error={errors.endTime}>
          {(control) => (
            <input
              {...control}
              type="time"
              className={`mt-1 ${inputClasses}`}
              value={values.endTime}
              onChange={(e) => setValues((v) => ({ ...v, endTime: e.target.value }))}
            />
          )}
        </FormField>
        <FormField label="Grace (minutes)" error={errors.graceMinutes}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={120}
              className={`mt-1 ${inputClasses}`}
              value={values.graceMinutes}
              onChange={(e) => setValues((v) => ({ ...v, graceMinutes: e.target.value }))}
            />
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}
