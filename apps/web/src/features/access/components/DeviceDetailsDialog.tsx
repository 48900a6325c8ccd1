import type { Device } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Detail } from '@/components/ui/Detail';
import { Dialog } from '@/components/ui/Dialog';
import { QueryState } from '@/components/ui/QueryState';
import { deviceEventsQuery, doorStatusQuery } from '../api/access-api';
import { capitalise, DEVICE_STATUS_LABEL, DEVICE_STATUS_TONE, formatWhen } from '../lib/format';
import { EventTargetSection } from './EventTargetSection';

const DIRECTION_LABEL = {
  entry: 'Entry',
  exit: 'Exit',
  both: 'Entry and exit (reader 1 in, 2 out)',
} as const;

/** What Atrium knows about a device, what the controller says about its door, and its latest events. */
export function DeviceDetailsDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={device.name}
      className="sm:max-w-2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-5 text-sm">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <Detail label="Status">
            <Badge tone={DEVICE_STATUS_TONE[device.status]}>{DEVICE_STATUS_LABEL[device.status]}</Badge>
          </Detail>
          <Detail label="Device ID">
            <span className="font-mono">{device.device_id}</span>
          </Detail>
          <Detail label="Model">{device.model ?? 'Unknown'}</Detail>
          <Detail label="Address">{device.address ?? 'Not set'}</Detail>
          <Detail label="Location">{device.location || '—'}</Detail>
          <Detail label="Access point">{device.access_point ?? 'None'}</Detail>
          <Detail label="Direction">{DIRECTION_LABEL[device.direction]}</Detail>
          <Detail label="Last seen">{device.last_seen_at ? formatWhen(device.last_seen_at) : 'Never'}</Detail>
        </dl>
        <EventTargetSection device={device} />
        {device.type === 'access_controller' ? <DoorStatusSection device={device} /> : null}
        <RecentEvents device={device} />
      </div>
    </Dialog>
  );
}

function DoorStatusSection({ device }: { device: Device }) {
  const door = useQuery(doorStatusQuery(device.id));
  return (
    <section aria-labelledby={`door-${device.id}`}>
      <h3 id={`door-${device.id}`} className="mb-2 font-semibold text-slate-900">
        Door Status
      </h3>
      <QueryState
        query={door}
        what="Door status is"
        loading="Asking the device..."
        loadingClassName="justify-start"
      >
        {(status) =>
          !status.reachable ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" data-testid="door-status">
              The device did not answer{status.message ? `: ${status.message}` : ''}
            </p>
          ) : (
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="door-status">
              <Detail label="Door">{status.door ? capitalise(status.door) : '—'}</Detail>
              <Detail label="Lock">{status.lock ? capitalise(status.lock) : '—'}</Detail>
              <Detail label="Readers online">
                {status.readers_online === null
                  ? '—'
                  : `${status.readers_online} of ${status.readers_total ?? '?'}`}
              </Detail>
              <Detail label="Power">{status.power ?? '—'}</Detail>
            </dl>
          )
        }
      </QueryState>
    </section>
  );
}

function RecentEvents({ device }: { device: Device }) {
  const events = useQuery(deviceEventsQuery(device.id));
  return (
    <section aria-labelledby={`events-${device.id}`}>
      <h3 id={`events-${device.id}`} className="mb-2 font-semibold text-slate-900">
        Recent Events
      </h3>
      <QueryState
        query={events}
        what="Device events are"
        loadingClassName="justify-start"
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-slate-600">No events from this device yet</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-100" aria-label={`Recent events of ${device.name}`}>
            {list.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
                <span className="min-w-0 flex-1 text-slate-900">
                  {event.label}
                  {event.name ? ` · ${event.name}` : event.card_no ? ` · card ${event.card_no}` : ''}
                </span>
                {event.backlog ? <Badge tone="info">Replayed</Badge> : null}
                <time dateTime={event.timestamp} className="text-xs text-slate-600">
                  {formatWhen(event.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
