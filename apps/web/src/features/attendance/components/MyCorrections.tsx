import { FilePenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { useLiveEvent } from '@/lib/socket-context';
import { useCancelCorrectionRequest, useMyCorrectionRequests } from '../api/correction-requests-api';
import { formatDate } from '../lib/format';
import { CorrectionRequestDialog } from './CorrectionRequestDialog';
import { RequestedTimes, RequestStatusBadge } from './CorrectionRequestParts';

/**
 * My correction requests under My Attendance: ask for a past day to be corrected, see each
 * request's status and the administrator's reason, withdraw one still pending.
 */
export function MyCorrections() {
  const toast = useToast();
  const { user } = useAuth();
  const mine = useMyCorrectionRequests();
  const cancel = useCancelCorrectionRequest();
  const [asking, setAsking] = useState(false);
  // A secondary section: an answer without a list shows none rather than taking the page down.
  const requests = mine.data?.pages.flatMap((p) => p.requests ?? []) ?? [];

  // The list refreshes through the shell's live invalidation; this only tells the person.
  useLiveEvent('attendance_request_update', (data) => {
    if (data.userId !== user?.id) return;
    if (data.status === 'approved')
      toast.success(`Your correction for ${formatDate(data.date)} was approved`);
    if (data.status === 'rejected') toast.error(`Your correction for ${formatDate(data.date)} was rejected`);
  });

  const withdraw = (id: number) =>
    cancel.mutate(id, {
      onSuccess: () => toast.success('Correction request cancelled'),
      onError: (e) => toast.error(errorMessage(e, 'The request could not be cancelled')),
    });

  return (
    <Card className="mt-6" aria-labelledby="my-corrections-title">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="my-corrections-title">Correction requests</CardTitle>
        <Button size="sm" onClick={() => setAsking(true)}>
          <FilePenLine aria-hidden="true" className="size-4" />
          Request correction
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={mine}
          what="Correction requests"
          retryLabel="Retry correction requests"
          loadingClassName="py-6"
          isEmpty={() => requests.length === 0}
          empty="No correction requests yet. Missed a check-out or recorded a wrong time? Request a correction."
        >
          {() => (
            <ul className="divide-y divide-slate-100" aria-label="My correction requests">
              {requests.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
                  data-testid="my-correction"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{formatDate(r.date)}</span>
                      <RequestStatusBadge status={r.status} />
                    </div>
                    <RequestedTimes request={r} />
                    <p className="text-sm break-words text-slate-600">{r.reason}</p>
                    {r.status === 'rejected' && r.decision_reason ? (
                      <p className="text-sm break-words text-red-800">
                        Reason for rejection: {r.decision_reason}
                      </p>
                    ) : null}
                  </div>
                  {r.status === 'pending' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={cancel.isPending}
                      onClick={() => withdraw(r.id)}
                      aria-label={`Cancel request for ${formatDate(r.date)}`}
                    >
                      Cancel request
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {mine.hasNextPage ? (
          <Button
            size="sm"
            variant="secondary"
            className="mt-3"
            disabled={mine.isFetchingNextPage}
            onClick={() => void mine.fetchNextPage()}
          >
            {mine.isFetchingNextPage ? 'Loading...' : 'Show older requests'}
          </Button>
        ) : null}
      </CardContent>
      {asking ? <CorrectionRequestDialog onClose={() => setAsking(false)} /> : null}
    </Card>
  );
}
