import type { Device } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Building2, Cpu, MapPin, Plus, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useSiteChoices } from '@/lib/site-choices';
import { useSiteFilter } from '@/lib/site-filter';
import { devicesQuery } from '../api/access-api';
import { SYNC_TONE, syncLabel } from '../lib/device-sync';
import { DEVICE_STATUS_LABEL, DEVICE_STATUS_TONE } from '../lib/format';
import { AddDeviceDialog } from './AddDeviceDialog';
import { ConfigureDeviceDialog } from './ConfigureDeviceDialog';
import { DeviceDetailsDialog } from './DeviceDetailsDialog';
import { OpenDoorDialog } from './OpenDoorDialog';
import { SimulateEventDialog } from './SimulateEventDialog';

type Open = { kind: 'details' | 'configure' | 'door'; device: Device } | { kind: 'simulate' | 'add' } | null;

/** One card per device with its state; the actions open dialogs that talk to the device. */
export function DeviceStatusPanel() {
  const devices = useQuery(devicesQuery());
  const [open, setOpen] = useState<Open>(null);
  const { several } = useSiteChoices();
  const { siteId } = useSiteFilter();
  const close = () => setOpen(null);
  // The list arrives whole (a few hundred at most), so the site filter is applied here.
  const shown = (devices.data ?? []).filter((d) => siteId === null || d.site_id === siteId);
  const controllers = shown.filter((d) => d.type === 'access_controller');
  // A dialog shows the device as the list has it now, so a live refresh reaches an open dialog too.
  const current =
    open && 'device' in open ? (devices.data?.find((d) => d.id === open.device.id) ?? open.device) : null;

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>Device Status</CardTitle>
          {devices.data ? (
            // Says what the list holds: the dashboard's device check also counts people counters.
            <p className="mt-1 text-sm text-slate-600" data-testid="device-summary">
              {shown.length} {shown.length === 1 ? 'door controller' : 'door controllers'},{' '}
              {shown.filter((d) => d.status === 'offline').length} offline
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Device
          </Button>
          <Button size="sm" onClick={() => setOpen({ kind: 'simulate' })} disabled={controllers.length === 0}>
            <Zap aria-hidden="true" className="size-4" />
            Simulate Event
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryState
          query={devices}
          what="Devices are"
          isEmpty={() => shown.length === 0}
          empty="No devices registered"
        >
          {() => (
            <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-3" aria-label="Devices">
              {shown.map((device) => (
                <li
                  key={device.id}
                  data-testid="device-card"
                  data-device-id={device.device_id}
                  className="flex flex-col rounded-lg border border-slate-200 p-3"
                >
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="min-w-0 font-medium break-words text-slate-900">
                      <Link
                        to={`/access-control/devices/${device.id}`}
                        className="rounded text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {device.name}
                      </Link>
                    </h3>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      <Badge tone={DEVICE_STATUS_TONE[device.status]}>
                        {DEVICE_STATUS_LABEL[device.status]}
                      </Badge>
                      {device.type === 'access_controller' ? (
                        <Badge tone={SYNC_TONE[device.sync.state]} data-testid="device-sync">
                          {syncLabel(device.sync)}
                        </Badge>
                      ) : null}
                    </div>
                  </div>
                  <dl className="mt-2 space-y-1 text-sm text-slate-600">
                    <div className="flex items-center gap-1.5">
                      <dt>
                        <MapPin aria-hidden="true" className="size-4" />
                        <span className="sr-only">Location</span>
                      </dt>
                      <dd className="min-w-0 break-words">{device.location || '—'}</dd>
                    </div>
                    {several ? (
                      <div className="flex items-center gap-1.5">
                        <dt>
                          <Building2 aria-hidden="true" className="size-4" />
                          <span className="sr-only">Site</span>
                        </dt>
                        <dd className="min-w-0 break-words" data-testid="device-site">
                          {device.site}
                        </dd>
                      </div>
                    ) : null}
                    <div className="flex items-center gap-1.5">
                      <dt>
                        <Cpu aria-hidden="true" className="size-4" />
                        <span className="sr-only">Device ID</span>
                      </dt>
                      <dd className="font-mono text-xs">{device.device_id}</dd>
                    </div>
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setOpen({ kind: 'details', device })}
                      aria-label={`View Details of ${device.name}`}
                    >
                      View Details
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setOpen({ kind: 'configure', device })}
                      aria-label={`Configure ${device.name}`}
                    >
                      Configure
                    </Button>
                    {canOpenDoor(device) ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setOpen({ kind: 'door', device })}
                        aria-label={`Open Door of ${device.name}`}
                      >
                        Open Door
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {open?.kind === 'details' && current ? <DeviceDetailsDialog device={current} onClose={close} /> : null}
      {open?.kind === 'configure' && current ? (
        <ConfigureDeviceDialog device={current} onClose={close} />
      ) : null}
      {open?.kind === 'door' && current ? <OpenDoorDialog device={current} onClose={close} /> : null}
      {open?.kind === 'simulate' ? <SimulateEventDialog devices={controllers} onClose={close} /> : null}
      {open?.kind === 'add' ? <AddDeviceDialog onClose={close} /> : null}
    </Card>
  );
}

/** Open Door is offered only where it can work: an online controller Atrium can command. */
function canOpenDoor(device: Device): boolean {
  return (
    device.type === 'access_controller' &&
    device.status === 'online' &&
    device.address !== null &&
    device.has_credentials
  );
}
