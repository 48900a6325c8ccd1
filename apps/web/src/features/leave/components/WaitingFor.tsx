import type { LeaveApplication } from '@atrium/contract';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/cn';
import { waitingFor } from '../lib/format';

/** A pending application's approver, in a small line beside its status; nothing once decided. */
export function WaitingFor({
  application,
  className,
}: {
  application: Pick<
    LeaveApplication,
    'status' | 'approval_step' | 'approver' | 'admin_step' | 'manager_approved_by'
  >;
  className?: string;
}) {
  const { user } = useAuth();
  const text = waitingFor(application, user?.id);
  if (!text) return null;
  return (
    <p className={cn('text-sm break-words text-slate-600', className)} data-testid="waiting-for">
      {text}
    </p>
  );
}
