import type { LeaveApplication } from '@atrium/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Dialog } from '@/components/ui/Dialog';
import { Pagination } from '@/components/ui/Pagination';
import { Table } from '@/components/ui/Table';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { organisationToday } from '@/lib/org-time';
import { useCancelLeave } from '../api/leave-api';
import { appliedDate, cancellable, formatPeriod, plural, rejectionReason } from '../lib/format';
import { StatusBadge } from './StatusBadge';
import { WaitingFor } from './WaitingFor';

const PAGE_SIZE = 10;

/**
 * The applicant's own applications, newest first. Pending ones can be withdrawn, and approved ones
 * until their first day; a rejection shows its reason.
 */
export function LeaveHistory({ applications }: { applications: LeaveApplication[] }) {
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<LeaveApplication | null>(null);
  const cancel = useCancelLeave();
  const toast = useToast();
  const shown = applications.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const today = organisationToday();

  if (applications.length === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-sm text-slate-600">
          No leave applications found
        </CardContent>
      </Card>
    );
  }

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        toast.success('Application cancelled successfully!');
        setCancelling(null);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to cancel application')),
    });
  };

  return (
    <Card>
      <CardContent className="p-0 sm:p-0">
        <Table
          caption="Your leave applications"
          stacked
          columns={['Type', 'Dates', 'Days', 'Status', 'Applied', { label: 'Actions', hidden: true }]}
        >
          {shown.map((a) => (
            <tr
              key={a.id}
              className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 md:table-row md:px-0 md:py-0"
              data-testid="leave-history-row"
            >
              <td className="col-span-2 font-medium text-slate-900 md:px-4 md:py-3">{a.leave_type_name}</td>
              <td className="col-span-2 text-slate-700 md:px-4 md:py-3">
                {formatPeriod(a)}
                <Reason application={a} />
              </td>
              <td className="text-slate-700 md:px-4 md:py-3">{plural(a.days_requested, 'day')}</td>
              <td className="text-right md:px-4 md:py-3 md:text-left">
                <StatusBadge status={a.status} />
                <WaitingFor application={a} className="mt-1 md:max-w-56" />
              </td>
              <td className="text-slate-600 md:px-4 md:py-3">
                <span className="md:hidden">Applied </span>
                {appliedDate(a)}
              </td>
              <td className="text-right md:px-4 md:py-3">
                {cancellable(a, today) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setCancelling(a)}
                    aria-label={`Cancel ${a.leave_type_name} ${formatPeriod(a)}`}
                  >
                    Cancel
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
        <div className="px-4 pb-4">
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={applications.length}
            onPage={setPage}
            label="History pages"
          />
        </div>
      </CardContent>
      <Dialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel this application?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button variant="danger" onClick={confirmCancel} disabled={cancel.isPending}>
              Cancel application
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {cancelling ? `${cancelling.leave_type_name}, ${formatPeriod(cancelling)}. ` : ''}
          The days go back to your balance
          {cancelling?.status === 'approved' ? ', and the administrator who approved it is told.' : '.'}
        </p>
      </Dialog>
    </Card>
  );
}

/** A rejection's reason under the application, for the applicant. */
export function Reason({
  application,
}: {
  application: Pick<LeaveApplication, 'status' | 'admin_comments'>;
}) {
  const reason = rejectionReason(application);
  if (!reason) return null;
  return <p className="mt-0.5 text-xs break-words text-red-700">Reason: {reason}</p>;
}
