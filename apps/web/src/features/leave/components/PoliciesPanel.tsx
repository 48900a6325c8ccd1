import type { LeavePolicy } from '@atrium/contract';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Dialog } from '@/components/ui/Dialog';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useDeletePolicy, usePolicies } from '../api/leave-api';
import { approvalRouteText, approvalText, plural } from '../lib/format';
import { PolicyForm } from './PolicyForm';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** How the server books a yearly allowance (leave_prorated_days, migration 026). */
export const PRORATION_RULE =
  'People who start or leave during the year get a share of each yearly allowance: max days × days employed in the year ÷ days in the year, rounded to the nearest half day. Everyone else gets the full amount.';

/** Policies: list, Add Policy, view, edit, and delete with confirmation. */
export function PoliciesPanel() {
  const policies = usePolicies();
  const remove = useDeletePolicy();
  const toast = useToast();
  const [editing, setEditing] = useState<LeavePolicy | 'new' | null>(null);
  const [viewing, setViewing] = useState<LeavePolicy | null>(null);
  const [deleting, setDeleting] = useState<LeavePolicy | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Policy deleted successfully!');
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'Failed to delete policy'));
        setDeleting(null);
      },
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Leave policies</h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" /> Add Policy
        </Button>
      </div>
      <p className="text-sm text-slate-600" data-testid="proration-rule">
        {PRORATION_RULE}
      </p>
      <QueryState
        query={policies}
        what="Leave policies"
        loadingClassName="py-10"
        isEmpty={(list) => list.length === 0}
        empty="No leave policies configured"
        emptyLook="card"
      >
        {(list) => (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Leave policies">
            {list.map((p) => (
              <li key={p.id} data-testid="leave-policy">
                <Card className="h-full">
                  <CardContent>
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="font-semibold text-slate-900">{p.name}</h3>
                        <p className="mt-1 text-sm break-words text-slate-600">
                          {p.description || 'No description'}
                        </p>
                      </div>
                      <div className="flex shrink-0">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setViewing(p)}
                          aria-label={`View ${p.name}`}
                        >
                          <Eye aria-hidden="true" className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setEditing(p)}
                          aria-label={`Edit ${p.name}`}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeleting(p)}
                          aria-label={`Delete ${p.name}`}
                        >
                          <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                        </Button>
                      </div>
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                      <div>
                        <dt className="text-xs text-slate-500">Max days</dt>
                        <dd className="font-medium text-slate-900">
                          {p.max_days === 0 ? 'No limit' : p.max_days}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500">Carry forward</dt>
                        <dd className="font-medium text-slate-900">
                          {yesNo(p.carry_forward)}
                          {p.carry_forward ? ` (up to ${p.carry_forward_cap})` : ''}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500">Counts</dt>
                        <dd className="font-medium text-slate-900">
                          {p.working_days_only ? 'Working days' : 'Calendar days'}
                        </dd>
                      </div>
                    </dl>
                    <p className="mt-3 text-sm break-words text-slate-700" data-testid="policy-approval">
                      {approvalText(p)}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing !== null ? (
        <PolicyForm policy={editing === 'new' ? null : editing} open onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.name ?? ''}
        footer={
          <Button variant="secondary" onClick={() => setViewing(null)}>
            Close
          </Button>
        }
      >
        {viewing ? (
          <dl className="grid gap-2 text-sm">
            <div>
              <dt className="text-slate-500">Code</dt>
              <dd>{viewing.leave_code}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Description</dt>
              <dd>{viewing.description || 'No description'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Max days per year</dt>
              <dd>{viewing.max_days === 0 ? 'No limit' : viewing.max_days}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Carry forward</dt>
              <dd>
                {yesNo(viewing.carry_forward)}
                {viewing.carry_forward ? `, up to ${plural(viewing.carry_forward_cap, 'day')}` : ''}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Approval</dt>
              <dd>{approvalRouteText(viewing) ?? 'Not required'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Counts working days only</dt>
              <dd>{yesNo(viewing.working_days_only)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Paid leave</dt>
              <dd>{yesNo(viewing.paid)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Applications</dt>
              <dd>{viewing.applications}</dd>
            </div>
          </dl>
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={confirmDelete}
              // A type in use cannot be deleted (the server refuses it too): no button that would fail.
              disabled={remove.isPending || (deleting?.applications ?? 0) > 0}
            >
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {deleting && deleting.applications > 0
            ? `${deleting.name} has ${plural(deleting.applications, 'application')}, so it cannot be deleted.`
            : 'This removes the leave type and its policy. This cannot be undone.'}
        </p>
      </Dialog>
    </div>
  );
}
