import type { Alert } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useAcknowledgeAlert } from '../api/access-api';
import { formatWhen } from '../lib/format';

const NOTE_MAX = 500;

/** Acknowledge an alert, optionally saying what was done; the server records who and when. */
export function AcknowledgeDialog({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  const toast = useToast();
  const acknowledge = useAcknowledgeAlert();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!alert) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    acknowledge.mutate(
      { id: alert.id, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success('Alert acknowledged');
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Failed to acknowledge alert')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Acknowledge alert"
      formId="acknowledge-alert"
      onSubmit={submit}
      submitLabel="Acknowledge"
      busy={acknowledge.isPending}
    >
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <p className="font-medium text-slate-900">{alert.message}</p>
        <p className="mt-1 text-slate-600">
          {alert.device_id ? `Device ${alert.device_id} · ` : ''}
          {formatWhen(alert.timestamp)}
        </p>
      </div>
      <label className="block text-sm font-medium text-slate-700">
        Note (optional)
        <textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          maxLength={NOTE_MAX}
          placeholder="What was checked or done"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <FormAlert>{error}</FormAlert>
    </FormDialog>
  );
}
