import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { useRevokeGrant, useUpdateGrant } from '@/lib/queries/access-levels';
import { Button } from './Button';
import { FormAlert } from './FormAlert';
import { FormDialog } from './FormDialog';
import { useToast } from './toast-context';

/**
 * Suspend or Reactivate one grant of an access level, and Revoke it after a confirmation: the
 * organisation's level grants and the person page act on grants alike. `subject` names the grant
 * for accessible names and messages ("Warehouse for Sales").
 */
export function GrantActions({
  grantId,
  suspended,
  subject,
}: {
  grantId: number;
  /** As stored: a suspended grant is reactivated, any other suspended. */
  suspended: boolean;
  subject: string;
}) {
  const update = useUpdateGrant();
  const [revoking, setRevoking] = useState(false);
  const toast = useToast();

  const toggle = () =>
    update.mutate(
      { id: grantId, body: { status: suspended ? 'active' : 'suspended' } },
      {
        onSuccess: () => toast.success(suspended ? `${subject} reactivated` : `${subject} suspended`),
        onError: (error) => toast.error(errorMessage(error, 'The grant could not be changed')),
      },
    );

  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="sm"
        variant="secondary"
        onClick={toggle}
        disabled={update.isPending}
        aria-busy={update.isPending}
        aria-label={`${suspended ? 'Reactivate' : 'Suspend'} ${subject}`}
      >
        {suspended ? 'Reactivate' : 'Suspend'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setRevoking(true)} aria-label={`Revoke ${subject}`}>
        Revoke
      </Button>
      {revoking ? (
        <RevokeGrantDialog grantId={grantId} subject={subject} onClose={() => setRevoking(false)} />
      ) : null}
    </div>
  );
}

function RevokeGrantDialog({
  grantId,
  subject,
  onClose,
}: {
  grantId: number;
  subject: string;
  onClose: () => void;
}) {
  const revoke = useRevokeGrant();
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title={`Revoke ${subject}?`}
      formId="revoke-grant-form"
      danger
      busy={revoke.isPending}
      submitLabel={revoke.isPending ? 'Revoking...' : 'Revoke'}
      onSubmit={(e) => {
        e.preventDefault();
        revoke.mutate(grantId, {
          onSuccess: () => {
            toast.success(`${subject} revoked`);
            onClose();
          },
        });
      }}
    >
      <p className="text-sm text-slate-700">
        The doors of this level refuse them from their next swipe, once the controllers have the change.
        Suspend instead to keep the grant for later.
      </p>
      <FormAlert>
        {revoke.isError ? errorMessage(revoke.error, 'The grant could not be revoked') : null}
      </FormAlert>
    </FormDialog>
  );
}
