import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';

/** The server's limit on adminComments (contract: Text(1000)). */
const MAX_REASON = 1000;

/**
 * Asks for an optional reason before rejecting; the applicant reads it in My Leave and in their
 * toast. Mounted only while open, so each rejection starts with an empty reason.
 */
export function RejectDialog({
  what,
  busy,
  onReject,
  onClose,
}: {
  /** Whose application(s), for the title: "Sam Tester's application", "3 applications". */
  what: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Reject ${what}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep pending
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onReject(reason.trim())}>
            Reject
          </Button>
        </>
      }
    >
      <FormField label="Reason (optional)" hint="Shown to the applicant.">
        {(control) => (
          <textarea
            {...control}
            className={`${inputClasses} mt-1 min-h-24`}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
    </Dialog>
  );
}
