import { type AttendanceRecord, CorrectAttendanceRequest } from '@atrium/contract';
import { zonedInstant } from '@atrium/contract/calendar';
import { type FormEvent, useState } from 'react';
import { FieldError, invalidProps } from '@/components/ui/FieldError';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useCorrectRecord } from '../api/attendance-api';
import { formatDate, formatTime } from '../lib/format';
import { ReasonField } from './ReasonField';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm aria-[invalid=true]:border-red-500';

const LABELS = { check_in_time: 'Check in', check_out_time: 'Check out', reason: 'Reason' };
const WORDING = { reason: { too_small: 'Please give a reason for the correction.' } };

/** Correct a day's times; the server keeps the reason and the old values in its audit log. */
export function EditRecordDialog({
  record,
  onClose,
}: {
  record: AttendanceRecord | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const correct = useCorrectRecord();
  // Keyed by record in the parent, so these start from the record being edited.
  // Times are the person's site's (record.time_zone), as they were recorded.
  const [checkIn, setCheckIn] = useState(formatTime(record?.check_in_time, record?.time_zone) ?? '');
  const [checkOut, setCheckOut] = useState(formatTime(record?.check_out_time, record?.time_zone) ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (!record || record.id === null) return null;
  const id = record.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The times are read on the person's site's clock on the record's own date.
    const checked = checkForm(
      CorrectAttendanceRequest,
      {
        check_in_time: checkIn
          ? zonedInstant(record.date, checkIn, record.time_zone).toISOString()
          : undefined,
        check_out_time: checkOut ? zonedInstant(record.date, checkOut, record.time_zone).toISOString() : null,
        reason,
      },
      LABELS,
      WORDING,
    );
    const found: FieldErrors<keyof typeof LABELS> = checked.ok ? {} : { ...checked.errors };
    // The form edits a whole day, so it always sends a check-in; the server checks the order too.
    if (!checkIn) found.check_in_time = 'Check-in time is required.';
    else if (checkOut && checkOut < checkIn)
      found.check_out_time ??= 'Check-out must not be before check-in.';
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    correct.mutate(
      { id, ...checked.data },
      {
        onSuccess: () => {
          toast.success('Attendance record updated successfully!');
          onClose();
        },
        onError: (e) => {
          // A refusal naming one of the fields shows under it; anything else below the form.
          const fromServer = serverFieldErrors(e, LABELS);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0)
            setFailure(errorMessage(e, 'Update failed. Please try again.'));
        },
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Edit attendance · ${record.first_name} ${record.last_name}`}
      formId="edit-attendance"
      onSubmit={submit}
      submitLabel={correct.isPending ? 'Saving...' : 'Save'}
      busy={correct.isPending}
    >
      <p className="text-sm text-slate-600">{formatDate(record.date)}</p>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="text-sm font-medium text-slate-700">
            Check in
            <input
              type="time"
              required
              value={checkIn}
              onChange={(e) => setCheckIn(e.target.value)}
              {...invalidProps('edit-check-in-error', errors.check_in_time)}
              className={field}
            />
          </label>
          <FieldError id="edit-check-in-error" message={errors.check_in_time} />
        </div>
        <div>
          <label className="text-sm font-medium text-slate-700">
            Check out
            <input
              type="time"
              value={checkOut}
              onChange={(e) => setCheckOut(e.target.value)}
              {...invalidProps('edit-check-out-error', errors.check_out_time)}
              className={field}
            />
          </label>
          <FieldError id="edit-check-out-error" message={errors.check_out_time} />
        </div>
      </div>
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
