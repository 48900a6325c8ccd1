import type { Device } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/Badge';
import { QueryState } from '@/components/ui/QueryState';
import { deviceEventsQuery } from '../api/access-api';
import { formatWhen } from '../lib/format';

/** The device's latest events, newest first. */
export function RecentDeviceEvents({ device }: { device: Device }) {
  const events = useQuery(deviceEventsQuery(device.id));
  return (
    <section aria-labelledby={`recent-events-${device.id}`}>
      <h3 id={`recent-events-${device.id}`} className="mb-2 font-semibold text-slate-900">
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
