import type { Device } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Detail } from '@/components/ui/Detail';
import { QueryState } from '@/components/ui/QueryState';
import { doorStatusQuery } from '../api/access-api';
import { capitalise } from '../lib/format';

/** What the controller says about its door now (asked on opening, never in a loop). */
export function DoorStatusSection({ device }: { device: Device }) {
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
