import type { Device } from '@atrium/contract';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api';
import { useSetEventTarget } from '../api/access-api';
import { formatWhen } from '../lib/format';

/**
 * Whether Atrium set the device's event target (httpHosts) and when it last heard from it; "Set
 * event target" gives the device a new push URL and reads it back.
 */
export function EventTargetSection({ device }: { device: Device }) {
  const set = useSetEventTarget();
  const shown = set.data ?? device;
  const state = shown.push_configured_at
    ? `configured ${formatWhen(shown.push_configured_at)}`
    : shown.push_error
      ? 'not configured'
      : 'not configured by Atrium';
  return (
    <section aria-labelledby={`events-${device.id}`} className="space-y-2">
      <h3 id={`events-${device.id}`} className="font-semibold text-slate-900">
        Events
      </h3>
      <p data-testid="event-target">
        Events: {state}; last event {shown.last_seen_at ? formatWhen(shown.last_seen_at) : 'never'}
      </p>
      {shown.push_error ? <p className="text-amber-800">Last attempt: {shown.push_error}</p> : null}
      {device.address && device.has_credentials ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => set.mutate(device.id)}
          disabled={set.isPending}
          aria-busy={set.isPending}
        >
          Set event target
        </Button>
      ) : null}
      <FormAlert>
        {set.isError ? errorMessage(set.error, 'The event target could not be set') : null}
      </FormAlert>
    </section>
  );
}
