import { type AttendanceRecord, DeleteAttendanceRequest } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm } from '@/lib/form-errors';
import { useDeleteRecord } from '../api/attendance-api';
import { formatDate } from '../lib/format';
import { ReasonField } from './ReasonField';

const LABELS = { reason: 'Reason' };
const WORDING = { reason: { too_small: 'Please give a reason for deleting this record.' } };

/** Confirmation with a reason; the day then counts as absent again. Keyed by record, so it starts empty. */
export function DeleteRecordDialog({
  record,
  onClose,
}: {
  record: AttendanceRecord | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const remove = useDeleteRecord();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  if (!record || record.id === null) return null;
  const id = record.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(DeleteAttendanceRequest, { reason }, LABELS, WORDING);
    setReasonError(checked.ok ? undefined : checked.errors.reason);
    if (!checked.ok) return;
    remove.mutate(
      { id, ...checked.data },
      {
        onSuccess: () => {
          toast.success('Attendance record deleted successfully!');
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Delete failed. Please try again.')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Delete attendance record?"
      formId="delete-attendance"
      onSubmit={submit}
      submitLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      busy={remove.isPending}
      danger
    >
      <p className="text-sm text-slate-700">
        The record of {record.first_name} {record.last_name} on {formatDate(record.date)} will be removed. The
        day will count as absent if it was a workday.
      </p>
      <ReasonField value={reason} onChange={setReason} error={reasonError} rows={2} />
      <FormAlert>{error}</FormAlert>
    </FormDialog>
  );
}
