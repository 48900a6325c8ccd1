import type { LeaveApplicationPageResponse, LeaveStats } from '@atrium/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarCheck, CalendarX, Clock, Plane } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { SelectionCount } from '@/components/ui/SelectionCount';
import { Unavailable } from '@/components/ui/Unavailable';
import { useAuth } from '@/lib/auth-context';
import { PENDING_PAGE_SIZE, useLeaveStats } from '../api/leave-api';
import { formatPeriod, initials, plural } from '../lib/format';
import { useDecisionActions } from './useDecisionActions';
import { WaitingFor } from './WaitingFor';

/** Pending tab: today's figures, then each waiting application with Approve / Reject and batch actions. */
export function PendingPanel({
  pending,
  page,
  onPage,
}: {
  pending: UseQueryResult<LeaveApplicationPageResponse>;
  page: number;
  onPage: (page: number) => void;
}) {
  const stats = useLeaveStats();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { approveOne, approveMany, askReject, askRejectMany, rejectDialog, busy } = useDecisionActions();
  const { user } = useAuth();
  const list = pending.data?.applications ?? [];
  // One's own applications wait for another administrator: never offered for a decision here.
  const decidable = list.filter((a) => a.user.id !== user?.id);
  const total = pending.data?.total ?? 0;
  // Decisions shrink the list; never stay on a page that no longer exists.
  const lastPage = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  useEffect(() => {
    if (pending.data && page > lastPage) onPage(lastPage);
  }, [pending.data, page, lastPage, onPage]);
  // Forget selections of applications that are no longer pending (decided elsewhere).
  const chosen = [...selected].filter((id) => decidable.some((a) => a.id === id));
  const allChosen = decidable.length > 0 && chosen.length === decidable.length;
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-6">
      <StatCards stats={stats} />
      <QueryState
        query={pending}
        what="Pending applications"
        loadingClassName="py-10"
        isEmpty={() => list.length === 0}
        empty={
          <Card>
            <CardContent className="py-12 text-center">
              <p className="text-base font-medium text-slate-900">No pending applications</p>
              <p className="mt-1 text-sm text-slate-600">All caught up!</p>
            </CardContent>
          </Card>
        }
      >
        {() => (
          <>
            <Card>
              <CardContent className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <Checkbox
                    checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(decidable.map((a) => a.id)))}
                  />
                  Select all
                </label>
                <SelectionCount
                  id="batch-selection"
                  count={chosen.length}
                  hint="Tick applications to approve or reject them together"
                />
                <fieldset className="flex flex-wrap gap-2 sm:ml-auto">
                  <legend className="sr-only">Batch Actions</legend>
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-describedby="batch-selection"
                    onClick={() => approveMany(chosen, () => setSelected(new Set()))}
                  >
                    Approve Selected
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    aria-describedby="batch-selection"
                    onClick={() => askRejectMany(chosen, () => setSelected(new Set()))}
                  >
                    Reject Selected
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setSelected(new Set())}>
                    Cancel
                  </Button>
                </fieldset>
              </CardContent>
            </Card>
            <ul className="space-y-3" aria-label="Pending applications">
              {list.map((a) => {
                const own = a.user.id === user?.id;
                return (
                  <li key={a.id} data-testid="pending-application">
                    <Card>
                      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start">
                        <div className="flex items-start gap-3">
                          {own ? (
                            <span className="mt-2 size-6 shrink-0" aria-hidden="true" />
                          ) : (
                            <Checkbox
                              className="mt-2"
                              checked={selected.has(a.id)}
                              onChange={() => toggle(a.id)}
                              aria-label={`Select ${a.first_name} ${a.last_name}, ${a.leave_type_name}`}
                            />
                          )}
                          <span
                            aria-hidden="true"
                            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
                          >
                            {initials(a.first_name, a.last_name)}
                          </span>
                          <div className="min-w-0">
                            <p className="font-medium text-slate-900">
                              {a.first_name} {a.last_name}
                            </p>
                            <p className="text-sm text-slate-600">
                              {a.leave_type_name} · {a.department_name ?? 'N/A'}
                            </p>
                            <p className="text-sm text-slate-700">
                              {formatPeriod(a)} · {plural(a.days_requested, 'day')}
                            </p>
                            <WaitingFor application={a} />
                            {a.balance_after !== null ? (
                              <p className="text-sm text-slate-600" data-testid="balance-after">
                                Leaves {plural(a.balance_after, 'day')} of {a.leave_type_name} this year
                              </p>
                            ) : null}
                            <p className="mt-1 text-sm break-words text-slate-600">{a.reason}</p>
                          </div>
                        </div>
                        {own ? (
                          <p className="text-sm text-slate-600 sm:ml-auto">
                            Your application: another administrator decides it
                          </p>
                        ) : (
                          <div className="flex gap-2 sm:ml-auto">
                            <Button
                              size="sm"
                              disabled={busy}
                              onClick={() => approveOne(a.id)}
                              aria-label={`Approve ${a.first_name} ${a.last_name}`}
                            >
                              Approve
                            </Button>
                            <Button
                              size="sm"
                              variant="danger"
                              disabled={busy}
                              onClick={() => askReject(a.id, `${a.first_name} ${a.last_name}`)}
                              aria-label={`Reject ${a.first_name} ${a.last_name}`}
                            >
                              Reject
                            </Button>
                          </div>
                        )}
                      </CardContent>
                    </Card>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={page}
              pageSize={PENDING_PAGE_SIZE}
              total={total}
              onPage={onPage}
              label="Pending pages"
            />
          </>
        )}
      </QueryState>
      {rejectDialog}
    </div>
  );
}

function StatCards({ stats }: { stats: UseQueryResult<LeaveStats> }) {
  if (stats.isError) return <Unavailable what="Leave figures" onRetry={() => void stats.refetch()} />;
  const value = (n: number | undefined) => (n === undefined ? '…' : n);
  const s = stats.data;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Leave figures">
      <Stat icon={<Clock className="size-5 text-yellow-600" />} label="Pending" value={value(s?.pending)} />
      <Stat
        icon={<CalendarCheck className="size-5 text-green-600" />}
        label="Approved today"
        value={value(s?.approved_today)}
      />
      <Stat
        icon={<CalendarX className="size-5 text-red-600" />}
        label="Rejected today"
        value={value(s?.rejected_today)}
      />
      <Stat
        icon={<Plane className="size-5 text-indigo-600" />}
        label="On leave today"
        value={value(s?.on_leave_today)}
      />
    </ul>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardContent className="flex items-center gap-3">
          <span aria-hidden="true">{icon}</span>
          <div>
            <p className="text-2xl font-semibold text-slate-900">{value}</p>
            <p className="text-sm text-slate-600">{label}</p>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
