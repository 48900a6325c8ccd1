import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast-context';
import { useAuth } from '@/lib/auth-context';
import { useLiveEvent } from '@/lib/socket-context';
import { accessKeys } from '../api/access-api';
import { accessLogToast, alertToast, deviceEventToast } from '../lib/live-toasts';

/**
 * The access screen's live reactions. Passages and device events already make every 'access'
 * query stale through the shell's live invalidation; alerts and device status changes are
 * refreshed here. Toasts only tell the person what happened; numbers always come from refetches.
 */
export function AccessLiveToasts() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user, can } = useAuth();
  // Who watches the whole building hears about everyone; the rest only about themselves.
  const watchesAll = can('access.view');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accessKeys.all });

  useLiveEvent('access_log_update', (data) => {
    if (!user) return;
    const shown = accessLogToast(data, { id: user.id, watchesAll });
    if (shown) toast.show(shown.type, shown.message);
  });
  // The server sends the rest to administrators only; a stray one is not for staff eyes.
  useLiveEvent('device_event', (data) => {
    if (!watchesAll) return;
    const shown = deviceEventToast(data);
    if (shown) toast.show(shown.type, shown.message);
  });
  useLiveEvent('access_alert', (data) => {
    if (!watchesAll) return;
    refresh();
    const shown = alertToast(data);
    if (shown) toast.show(shown.type, shown.message);
  });
  useLiveEvent('device_status', () => {
    if (watchesAll) refresh();
  });
  return null;
}
