import type { Invitation } from '@atrium/contract';
import { Button } from '@/components/ui/Button';
import { CopyField } from '@/components/ui/CopyField';
import { Dialog } from '@/components/ui/Dialog';
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
        <CopyField id="invite-url" label="One-time link" value={invitation.inviteUrl} noun="link" />
      </div>
    </Dialog>
  );
}
