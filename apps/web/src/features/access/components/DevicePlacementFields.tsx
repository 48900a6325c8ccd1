import type { DeviceDirection } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { FormField } from '@/components/ui/FormField';
import { accessPointsQuery } from '../api/access-api';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-500';

/** A door controller's door and which way its readers count: the add and configure forms' pair. */
export function DevicePlacementFields({
  accessPoint,
  onAccessPoint,
  direction,
  onDirection,
  errors,
  current,
}: {
  accessPoint: string;
  onAccessPoint: (id: string) => void;
  direction: DeviceDirection;
  onDirection: (direction: DeviceDirection) => void;
  errors: { access_point_id?: string; direction?: string };
  /** The device's access point now, kept selectable while the list loads or if it failed. */
  current?: { id: number; name: string | null };
}) {
  const points = useQuery(accessPointsQuery());
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Access point" error={errors.access_point_id}>
          {(control) => (
            <select
              {...control}
              value={accessPoint}
              onChange={(e) => onAccessPoint(e.target.value)}
              className={field}
            >
              <option value="">None</option>
              {(points.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              {current && !points.data ? <option value={current.id}>{current.name}</option> : null}
            </select>
          )}
        </FormField>
        <FormField label="Direction" error={errors.direction}>
          {(control) => (
            <select
              {...control}
              value={direction}
              onChange={(e) => onDirection(e.target.value as DeviceDirection)}
              className={field}
            >
              <option value="entry">Entry</option>
              <option value="exit">Exit</option>
              <option value="both">Both (reader 1 in, 2 out)</option>
            </select>
          )}
        </FormField>
      </div>
      {points.isError ? (
        <p className="text-sm text-amber-800">
          Access points could not be loaded{current ? '; the current one is kept' : ''}.
        </p>
      ) : null}
    </>
  );
}
