import type { AttendanceRecord } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { organisationInstant } from '@/lib/org-time';
import { useCorrectRecord } from '../api/attendance-api';
import { formatDate, formatTime } from '../lib/format';
import { ReasonField } from './ReasonField';

const field = 'mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm';

/** 'HH:MM' on the record's date, read in the viewer's clock, as an ISO instant. */

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
  const [checkIn, setCheckIn] = useState(formatTime(record?.check_in_time) ?? '');
  const [checkOut, setCheckOut] = useState(formatTime(record?.check_out_time) ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!record || record.id === null) return null;
  const id = record.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please give a reason for the correction.');
    if (!checkIn) return setError('Check-in time is required.');
    if (checkOut && checkOut < checkIn) return setError('Check-out must not be before check-in.');
    setError(null);
    correct.mutate(
      {
        id,
        check_in_time: organisationInstant(record.date, checkIn),
        check_out_time: checkOut ? organisationInstant(record.date, checkOut) : null,
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          toast.success('Attendance record updated successfully!');
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Update failed. Please try again.')),
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
        <label className="text-sm font-medium text-slate-700">
          Check in
          <input
            type="time"
            required
            value={checkIn}
            onChange={(e) => setCheckIn(e.target.value)}
            className={field}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Check out
          <input
            type="time"
            value={checkOut}
            onChange={(e) => setCheckOut(e.target.value)}
            className={field}
          />
        </label>
      </div>
      <ReasonField value={reason} onChange={setReason} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
