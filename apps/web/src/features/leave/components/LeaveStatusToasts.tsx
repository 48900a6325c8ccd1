import { useToast } from '@/components/ui/toast-context';
import { useLiveEvent } from '@/lib/socket-context';

/**
 * Shows the applicant a toast when an administrator decides their leave, wherever they are in
 * the app. The server sends this event only to the applicant; the data refresh itself is done
 * by the shell's live invalidation. The event's `type` is the contract's exact toast kind, so a
 * kind the toasts cannot show fails to compile here.
 */
export function LeaveStatusToasts() {
  const toast = useToast();
  useLiveEvent('leave_status_notification', (data) => {
    toast.show(data.type, data.message);
  });
  return null;
}
