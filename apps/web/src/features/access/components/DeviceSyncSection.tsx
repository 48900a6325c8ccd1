import type { Device } from '@atrium/contract';
import { RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api';
import { useResyncDevice } from '../api/access-api';
import { SYNC_TONE, syncLabel, syncProgress } from '../lib/device-sync';
import { formatWhen } from '../lib/format';

/**
 * Whether the controller holds the people and door rights Atrium means it to: in sync, changes
 * being written (with how far), the last failure and when it is tried again, or not managed.
 * "Resync" reads the controller's own lists back and writes everything again.
 */
export function DeviceSyncSection({ device }: { device: Device }) {
  const resync = useResyncDevice();
  const { sync } = device;
  const progress = syncProgress(sync);

  return (
    <Card aria-labelledby={`sync-${device.id}`}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle id={`sync-${device.id}`}>Sync</CardTitle>
          <p className="mt-1 text-sm text-slate-600">The people and door rights Atrium writes to it.</p>
        </div>
        {sync.state === 'unmanaged' ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => resync.mutate(device.id)}
            disabled={resync.isPending}
            aria-busy={resync.isPending}
            aria-label={`Resync ${device.device_id}`}
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${resync.isPending ? 'animate-spin' : ''}`} />
            Resync
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div aria-live="polite" className="space-y-2">
          <p>
            <Badge tone={SYNC_TONE[sync.state]} data-testid="sync-state">
              {syncLabel(sync)}
            </Badge>
          </p>
          {progress ? (
            <div>
              <div
                role="progressbar"
                aria-label={`Changes written to ${device.device_id}`}
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                aria-valuetext={`${progress.done} of ${progress.total} changes written`}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full rounded-full bg-indigo-600 transition-[width]"
                  style={{ width: `${(progress.done / progress.total) * 100}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {progress.done} of {progress.total} written
              </p>
            </div>
          ) : null}
          {sync.state === 'error' ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800" data-testid="sync-error">
              Last attempt failed{sync.error ? `: ${sync.error}` : ''}.
              {sync.retry_at ? ` Trying again ${formatWhen(sync.retry_at)}.` : ''}
            </p>
          ) : null}
          {sync.state === 'unmanaged' ? (
            <p className="text-slate-600">
              Atrium writes nothing to this device: it has no address or credentials, is in maintenance, or
              counts people rather than guarding a door.
            </p>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <Detail label="People on device">{sync.people.toLocaleString('en-GB')}</Detail>
          <Detail label="Last synced">{sync.synced_at ? formatWhen(sync.synced_at) : 'Never'}</Detail>
        </dl>
        <FormAlert>
          {resync.isError ? errorMessage(resync.error, 'The resync could not be started') : null}
        </FormAlert>
      </CardContent>
    </Card>
  );
}
