import { useLiveEvent } from '@/app/providers/socket-context';
import { type ToastType, useToast } from '@/components/ui/toast-context';

const toastTypes: readonly string[] = ['success', 'error', 'warning', 'info'];

/**
 * Shows the applicant a toast when an administrator decides their leave, wherever they are in
 * the app. The server sends this event only to the applicant; the data refresh itself is done
 * by the shell's live invalidation.
 */
export function LeaveStatusToasts() {
  const toast = useToast();
  useLiveEvent('leave_status_notification', (data) => {
    toast.show(toastTypes.includes(data.type) ? (data.type as ToastType) : 'info', data.message);
  });
  return null;
}
