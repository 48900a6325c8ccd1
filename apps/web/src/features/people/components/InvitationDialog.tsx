import type { Invitation } from '@atrium/contract';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/input-classes';
import { instantText } from '@/lib/dates';

const whenExpires = (iso: string) => instantText(iso);

/**
 * The one-time link, shown once: Atrium has no mail server, so the administrator copies it and
 * hands it over themselves.
 */
export function InvitationDialog({
  invitation,
  name,
  reset,
  onClose,
}: {
  invitation: Invitation;
  name: string;
  /** A reset of an existing password rather than a first invitation. */
  reset: boolean;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.inviteUrl);
      setCopied('yes');
    } catch {
      // Without clipboard access (an insecure origin), the selected text is ready for Ctrl+C.
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={reset ? `Password reset link for ${name}` : `Invitation link for ${name}`}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Atrium sends no email: give this link to {name} yourself. It sets their password once and works
          until {whenExpires(invitation.expiresAt)}.
        </p>
        {reset ? (
          <p>Their sessions have ended. Their current password keeps working until they use the link.</p>
        ) : null}
        <label htmlFor="invite-url" className="block font-medium text-slate-700">
          One-time link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <textarea
            id="invite-url"
            ref={field}
            readOnly
            rows={2}
            value={invitation.inviteUrl}
            onFocus={(e) => e.target.select()}
            className={`resize-none font-mono text-xs break-all ${inputClasses}`}
          />
          <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
            Copy
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-600">
          {copied === 'yes'
            ? 'Link copied.'
            : copied === 'failed'
              ? 'Copy failed: press Ctrl+C to copy the selected link.'
              : ''}
        </p>
      </div>
    </Dialog>
  );
}
