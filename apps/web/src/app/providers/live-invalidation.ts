import type { LiveEventType } from '@atrium/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/socket-context';

/**
 * Which cached queries each live event makes stale. Feature query keys start with their area
 * ('attendance', 'leave', 'access', 'dashboard', ...), so a prefix here reaches all of them.
 * Screens then refetch from the server instead of trusting event payloads.
 */
export const LIVE_INVALIDATIONS: Partial<Record<LiveEventType, QueryKey[]>> = {
  attendance_update: [['attendance'], ['dashboard'], ['team']],
  attendance_request_update: [['attendance']],
  leave_application_update: [['leave'], ['dashboard'], ['team']],
  leave_status_notification: [['leave'], ['dashboard']],
  access_log_update: [['access'], ['dashboard'], ['team']],
  device_event: [['access'], ['dashboard']],
  // A new or resolved alert changes the Active Alerts figures; a device's status its card.
  access_alert: [['access'], ['dashboard']],
  device_status: [['access'], ['dashboard']],
  counting_update: [['dashboard']],
};

export function useLiveInvalidation(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useSocket();
  useEffect(
    () =>
      subscribe('*', (message) => {
        // The server no longer knows everything this client missed: all of it may be stale.
        if (message.type === 'reload') void queryClient.invalidateQueries();
        for (const queryKey of LIVE_INVALIDATIONS[message.type] ?? []) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }),
    [subscribe, queryClient],
  );
}
