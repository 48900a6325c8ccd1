import type { CorrectionRequest, CorrectionRequestStatus } from '@atrium/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import {
  useApproveCorrectionRequest,
  useCorrectionRequests,
  useRejectCorrectionRequest,
} from '../api/correction-requests-api';
import { formatDate } from '../lib/format';
import { RequestedTimes, RequestStatusBadge } from './CorrectionRequestParts';

const VIEWS: { value: CorrectionRequestStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];

/** Attendance Management's Corrections tab: staff's requests, oldest pending first, to decide. */
export function CorrectionRequestsPanel() {
  const toast = useToast();
  const [view, setView] = useState<CorrectionRequestStatus | 'all'>('pending');
  const list = useCorrectionRequests(view === 'all' ? undefined : view);
  const approve = useApproveCorrectionRequest();
  const [rejecting, setRejecting] = useState<CorrectionRequest | null>(null);
  const requests = list.data?.pages.flatMap((p) => p.requests) ?? [];
  const busy = approve.isPending;

  const approveOne = (r: CorrectionRequest) =>
    approve.mutate(r.id, {
      onSuccess: () => toast.success(`Correction for ${r.user.name} approved`),
      onError: (e) => toast.error(errorMessage(e, 'The correction could not be approved')),
    });

  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        Show
        <select
          value={view}
          onChange={(e) => setView(e.target.value as CorrectionRequestStatus | 'all')}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {VIEWS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
      <QueryState
        query={list}
        what="Correction requests"
        loadingClassName="py-10"
        isEmpty={() => requests.length === 0}
        empty={
          <Card>
            <CardContent className="py-12 text-center">
              <p className="text-base font-medium text-slate-900">
                {view === 'pending' ? 'No pending correction requests' : 'No correction requests found'}
              </p>
              {view === 'pending' ? <p className="mt-1 text-sm text-slate-600">All caught up!</p> : null}
            </CardContent>
          </Card>
        }
      >
        {() => (
          <ul className="space-y-3" aria-label="Correction requests">
            {requests.map((r) => (
              <li key={r.id} data-testid="correction-request">
                <Card>
                  <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start">
                    <div className="min-w-0 flex-1 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="font-medium text-slate-900">{r.user.name}</p>
                        <RequestStatusBadge status={r.status} />
                      </div>
                      <p className="text-sm text-slate-600">
                        {r.department_name ?? 'N/A'} · {formatDate(r.date)}
                      </p>
                      <RequestedTimes request={r} />
                      <p className="text-sm break-words text-slate-700">{r.reason}</p>
                      {r.decided_by && r.status !== 'cancelled' ? (
                        <p className="text-sm text-slate-600">
                          {r.status === 'approved' ? 'Approved' : 'Rejected'} by {r.decided_by.name}
                          {r.decision_reason ? `: ${r.decision_reason}` : ''}
                        </p>
                      ) : null}
                    </div>
                    {r.status === 'pending' ? (
                      <div className="flex gap-2 sm:ml-auto">
                        <Button
                          size="sm"
                          disabled={busy}
                          onClick={() => approveOne(r)}
                          aria-label={`Approve ${r.user.name}, ${formatDate(r.date)}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={busy}
                          onClick={() => setRejecting(r)}
                          aria-label={`Reject ${r.user.name}, ${formatDate(r.date)}`}
                        >
                          Reject
                        </Button>
                      </div>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {list.hasNextPage ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
      {rejecting ? <RejectDialog request={rejecting} onClose={() => setRejecting(null)} /> : null}
    </div>
  );
}

/** Reject with an optional reason, which the requester sees beside their request. */
function RejectDialog({ request, onClose }: { request: CorrectionRequest; onClose: () => void }) {
  const toast = useToast();
  const reject = useRejectCorrectionRequest();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    reject.mutate(
      { id: request.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(`Correction for ${request.user.name} rejected`);
          onClose();
        },
        onError: (e) => setFailure(errorMessage(e, 'The correction could not be rejected')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={`Reject correction · ${request.user.name}`}
      formId="reject-correction"
      onSubmit={submit}
      submitLabel={reject.isPending ? 'Rejecting...' : 'Reject'}
      busy={reject.isPending}
      danger
    >
      <p className="text-sm text-slate-600">{formatDate(request.date)}</p>
      <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
        Reason (optional, shown to {request.first_name})
      </label>
      <textarea
        id={reasonId}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        maxLength={500}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
