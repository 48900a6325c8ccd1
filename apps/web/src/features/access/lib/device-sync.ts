import type { DeviceSync } from '@atrium/contract';
import type { BadgeTone } from '@/components/ui/Badge';
import { counted } from '@/lib/plural';

/** A device's sync state in a few words: "In sync", "3 changes waiting", "Sync failed", "Not managed". */
export function syncLabel(sync: Pick<DeviceSync, 'state' | 'pending'>): string {
  switch (sync.state) {
    case 'in_sync':
      return 'In sync';
    case 'pending':
      // A round that has just begun may not have counted its changes yet.
      return sync.pending > 0 ? `${counted(sync.pending, 'change')} waiting` : 'Changes waiting';
    case 'error':
      return 'Sync failed';
    case 'unmanaged':
      return 'Not managed';
  }
}

export const SYNC_TONE: Record<DeviceSync['state'], BadgeTone> = {
  in_sync: 'success',
  pending: 'info',
  error: 'danger',
  unmanaged: 'neutral',
};

/** How far the current round is: changes accepted of those it began with, or null if none counted. */
export function syncProgress(
  sync: Pick<DeviceSync, 'state' | 'pending' | 'total'>,
): { done: number; total: number } | null {
  if (sync.state !== 'pending' || sync.total <= 0) return null;
  return { done: Math.max(0, Math.min(sync.total, sync.total - sync.pending)), total: sync.total };
}
