import type { LeaveDecision } from '@atrium/contract';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useBatchDecision, useDecideLeave } from '../api/leave-api';
import { plural } from '../lib/format';
import { RejectDialog } from './RejectDialog';

const verb = (status: LeaveDecision) => (status === 'approved' ? 'approve' : 'reject');

interface Rejecting {
  ids: number[];
  what: string;
  batch: boolean;
  onDone?: () => void;
}

/**
 * Single and batch decisions with the spec's toasts (section 8). Approving acts at once;
 * rejecting first asks for an optional reason (`rejectDialog`, rendered by the caller).
 */
export function useDecisionActions() {
  const toast = useToast();
  const decide = useDecideLeave();
  const batch = useBatchDecision();
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);

  const decideOne = (id: number, status: LeaveDecision, reason?: string, onDone?: () => void) =>
    decide.mutate(
      { id, status, reason },
      {
        onSuccess: () => {
          toast.success(`Application ${status} successfully!`);
          onDone?.();
        },
        onError: (error) => toast.error(errorMessage(error, `Failed to ${verb(status)} application`)),
      },
    );

  const decideMany = (ids: number[], action: LeaveDecision, onDone: () => void, reason?: string) =>
    batch.mutate(
      { applicationIds: ids, action, reason },
      {
        onSuccess: (result) => {
          if (result.succeeded > 0)
            toast.success(`${plural(result.succeeded, 'application')} ${action} successfully!`);
          // Per application: say which ones were not decided (decided elsewhere, or one's own).
          for (const failure of result.results.filter((r) => r.outcome !== 'decided')) {
            toast.warning(`Application #${failure.applicationId}: ${failure.message}`);
          }
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'Batch approval failed')),
      },
    );

  const approveMany = (ids: number[], onDone: () => void) => {
    if (ids.length === 0) toast.warning('Please select applications first');
    else decideMany(ids, 'approved', onDone);
  };

  const askReject = (id: number, applicant: string) =>
    setRejecting({ ids: [id], what: `${applicant}'s application`, batch: false });

  const askRejectMany = (ids: number[], onDone: () => void) => {
    if (ids.length === 0) toast.warning('Please select applications first');
    else setRejecting({ ids, what: plural(ids.length, 'application'), batch: true, onDone });
  };

  const close = () => setRejecting(null);
  const rejectDialog = rejecting ? (
    <RejectDialog
      what={rejecting.what}
      busy={decide.isPending || batch.isPending}
      onClose={close}
      onReject={(reason) => {
        const done = () => {
          rejecting.onDone?.();
          close();
        };
        if (rejecting.batch) decideMany(rejecting.ids, 'rejected', done, reason);
        else decideOne(rejecting.ids[0]!, 'rejected', reason, done);
      }}
    />
  ) : null;

  return {
    approveOne: (id: number) => decideOne(id, 'approved'),
    approveMany,
    askReject,
    askRejectMany,
    rejectDialog,
    busy: decide.isPending || batch.isPending,
  };
}
