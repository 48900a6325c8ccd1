import type { LeaveDecision } from '@atrium/contract';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useBatchDecision, useDecideLeave } from '../api/leave-api';

const verb = (status: LeaveDecision) => (status === 'approved' ? 'approve' : 'reject');

/** Single and batch decisions with the spec's toasts (section 8). */
export function useDecisionActions() {
  const toast = useToast();
  const decide = useDecideLeave();
  const batch = useBatchDecision();

  const decideOne = (id: number, status: LeaveDecision) =>
    decide.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(`Application ${status} successfully!`),
        onError: (error) => toast.error(errorMessage(error, `Failed to ${verb(status)} application`)),
      },
    );

  const decideMany = (ids: number[], action: LeaveDecision, onDone: () => void) => {
    if (ids.length === 0) {
      toast.warning('Please select applications first');
      return;
    }
    batch.mutate(
      { applicationIds: ids, action },
      {
        onSuccess: (result) => {
          if (result.succeeded > 0) toast.success(`${result.succeeded} applications ${action} successfully!`);
          // Per application: say which ones someone else had already decided.
          for (const failure of result.results.filter((r) => r.outcome !== 'decided')) {
            toast.warning(`Application #${failure.applicationId}: ${failure.message}`);
          }
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'Batch approval failed')),
      },
    );
  };

  return { decideOne, decideMany, busy: decide.isPending || batch.isPending };
}
