import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { Unavailable } from '@/components/ui/Unavailable';
import { deviceQuery } from '../api/access-api';
import { ConfigureDeviceDialog } from '../components/ConfigureDeviceDialog';
import { DeviceSyncSection } from '../components/DeviceSyncSection';
import { DoorStatusSection } from '../components/DoorStatusSection';
import { EventTargetSection } from '../components/EventTargetSection';
import { RecentDeviceEvents } from '../components/RecentDeviceEvents';
import { DEVICE_STATUS_LABEL, DEVICE_STATUS_TONE, DIRECTION_LABEL, formatWhen } from '../lib/format';

const back = (
  <Link
    to="/access-control"
    className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    Access Control
  </Link>
);

/**
 * One device (/access-control/devices/:id, admin): what it is, where its events go, whether it
 * holds the people and door rights Atrium means it to, and its latest events.
 */
export function DevicePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const device = useQuery({ ...deviceQuery(id), enabled: valid });
  const [dialog, setDialog] = useState<'edit' | 'remove' | null>(null);
  const navigate = useNavigate();

  if (!valid || device.data === null) {
    return (
      <>
        {back}
        <PageHeader title="Device not found" description="It may have been removed." />
      </>
    );
  }
  if (device.isError && !device.data) {
    return (
      <>
        {back}
        <PageHeader title="Device" />
        <Unavailable what="This device is" onRetry={() => void device.refetch()} />
      </>
    );
  }
  if (!device.data) return <Spinner label="Loading device" />;
  const d = device.data;

  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 break-words">{d.name}</span>
            <Badge tone={DEVICE_STATUS_TONE[d.status]}>{DEVICE_STATUS_LABEL[d.status]}</Badge>
          </span>
        }
        description={
          <>
            <span className="font-mono">{d.device_id}</span>
            {d.location ? ` · ${d.location}` : ''}
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog('edit')} aria-label={`Edit ${d.device_id}`}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setDialog('remove')} aria-label={`Remove ${d.device_id}`}>
              Remove
            </Button>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DeviceSyncSection device={d} />
        <Card>
          <CardHeader>
            <CardTitle>Device</CardTitle>
          </CardHeader>
          <CardContent>
            <dl
              className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-2"
              data-testid="device-identity"
            >
              <Detail label="Model">{d.model ?? 'Unknown'}</Detail>
              <Detail label="Serial number">
                <span className="font-mono break-all">{d.serial_number ?? '—'}</span>
              </Detail>
              <Detail label="Firmware">{d.firmware_version ?? '—'}</Detail>
              <Detail label="MAC address">
                <span className="font-mono">{d.mac_address ?? '—'}</span>
              </Detail>
              <Detail label="Address">
                <span className="break-all">{d.address ?? 'Not set'}</span>
              </Detail>
              <Detail label="Access point">{d.access_point ?? 'None'}</Detail>
              <Detail label="Direction">{DIRECTION_LABEL[d.direction]}</Detail>
              <Detail label="Last seen">{d.last_seen_at ? formatWhen(d.last_seen_at) : 'Never'}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Activity</CardTitle>
          </CardHeader>
          <CardContent className="space-y-5 text-sm">
            <EventTargetSection device={d} />
            {d.type === 'access_controller' ? <DoorStatusSection device={d} /> : null}
            <RecentDeviceEvents device={d} />
          </CardContent>
        </Card>
      </div>
      {dialog ? (
        <ConfigureDeviceDialog
          device={d}
          removeFirst={dialog === 'remove'}
          onClose={() => setDialog(null)}
          onRemoved={() => navigate('/access-control')}
        />
      ) : null}
    </>
  );
}
