import type { LeaveApplication, LeaveStatus } from '@atrium/contract';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/input-classes';
import { Pagination } from '@/components/ui/Pagination';
import { QueryState } from '@/components/ui/QueryState';
import { Table } from '@/components/ui/Table';
import { useAuth } from '@/lib/auth-context';
import { instantText } from '@/lib/dates';
import { useApplications } from '../api/leave-api';
import { appliedDate, capitalise, decidedBy, formatPeriod, plural } from '../lib/format';
import { StatusBadge } from './StatusBadge';
import { useDecisionActions } from './useDecisionActions';
import { WaitingFor } from './WaitingFor';

const PAGE_SIZE = 20;
const statuses: ('' | LeaveStatus)[] = ['', 'pending', 'approved', 'rejected'];

/** All Applications: search over name, leave type and department, a status filter, pages. */
export function AllApplications() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | LeaveStatus>('');
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<LeaveApplication | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const query = useApplications({
    search: deferredSearch,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const { approveOne, askReject, rejectDialog, busy } = useDecisionActions();
  const { user } = useAuth();

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Search applications</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            placeholder="Search by name, leave type or department"
            className={inputClasses}
          />
        </label>
        <label>
          <span className="sr-only">Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as '' | LeaveStatus);
              setPage(1);
            }}
            className={inputClasses}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s ? capitalise(s) : 'All'}
              </option>
            ))}
          </select>
        </label>
      </CardContent>
      <QueryState
        query={query}
        what="Applications"
        errorClassName="mx-5 my-4"
        loadingClassName="py-10"
        isEmpty={(data) => data.applications.length === 0}
        empty={
          <CardContent className="py-10 text-center text-sm text-slate-600">
            No applications found
          </CardContent>
        }
      >
        {({ applications }) => (
          // Phones get one block per application (as My Leave's history does); from md up, the table,
          // which scrolls inside the card when the side navigation leaves it too little room.
          <Table
            caption="Leave applications"
            stacked
            className="md:min-w-[760px]"
            bodyClassName="border-t border-slate-100 md:border-t-0"
            columns={[
              'Employee',
              'Type',
              'Dates',
              'Days',
              'Status',
              'Applied',
              { label: 'Actions', hidden: true },
            ]}
          >
            {applications.map((a) => (
              <tr
                key={a.id}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 md:table-row md:p-0"
              >
                <td className="col-span-2 md:px-4 md:py-3">
                  <p className="font-medium text-slate-900">
                    {a.first_name} {a.last_name}
                  </p>
                  <p className="text-xs text-slate-600">{a.department_name ?? 'N/A'}</p>
                </td>
                <td className="text-slate-700 md:px-4 md:py-3">{a.leave_type_name}</td>
                <td className="col-start-1 row-start-3 text-slate-700 md:px-4 md:py-3">{formatPeriod(a)}</td>
                <td className="col-start-2 row-start-3 text-right text-slate-700 md:px-4 md:py-3 md:text-left">
                  {plural(a.days_requested, 'day')}
                </td>
                <td className="col-start-2 row-start-2 text-right md:px-4 md:py-3 md:text-left">
                  <StatusBadge status={a.status} />
                  <WaitingFor application={a} className="mt-1 ml-auto max-w-48 md:ml-0 md:max-w-56" />
                </td>
                <td className="col-span-2 text-slate-600 md:px-4 md:py-3">
                  <span className="md:hidden">Applied </span>
                  {appliedDate(a)}
                </td>
                <td className="col-span-2 pt-1 text-right whitespace-nowrap md:px-4 md:py-3">
                  {a.status === 'pending' && a.user.id === user?.id ? (
                    // One's own leave is decided by another administrator (the server refuses too).
                    <span className="text-xs text-slate-600">Awaiting another administrator</span>
                  ) : a.status === 'pending' ? (
                    <span className="inline-flex gap-2">
                      <Button size="sm" disabled={busy} onClick={() => approveOne(a.id)}>
                        Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={busy}
                        onClick={() => askReject(a.id, `${a.first_name} ${a.last_name}`)}
                      >
                        Reject
                      </Button>
                    </span>
                  ) : (
                    <Button size="sm" variant="secondary" onClick={() => setDetails(a)}>
                      View Details
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
      <div className="px-4 pb-4">
        <Pagination
          page={page}
          hasMore={query.data?.has_more ?? false}
          onPage={setPage}
          label="Application pages"
        />
      </div>
      <Dialog
        open={details !== null}
        onClose={() => setDetails(null)}
        title="Application details"
        footer={
          <Button variant="secondary" onClick={() => setDetails(null)}>
            Close
          </Button>
        }
      >
        {details ? <Details application={details} /> : null}
      </Dialog>
      {rejectDialog}
    </Card>
  );
}

function Details({ application: a }: { application: LeaveApplication }) {
  const rows: [string, string][] = [
    ['Employee', `${a.first_name} ${a.last_name} (${a.email})`],
    ['Department', a.department_name ?? 'N/A'],
    ['Leave type', a.leave_type_name],
    ['Dates', `${formatPeriod(a)} · ${plural(a.days_requested, 'day')}`],
    ['Reason', a.reason],
    ['Status', capitalise(a.status)],
    ['Applied', appliedDate(a)],
    ['Decided by', decidedBy(a)],
    ['Decided at', a.decided_at ? instantText(a.decided_at) : 'N/A'],
    ['Comments', a.admin_comments ?? 'None'],
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {rows.map(([term, value]) => (
        <Detail key={term} label={term} look="caps">
          {value}
        </Detail>
      ))}
    </dl>
  );
}
