import type { Device } from '@atrium/contract';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Detail } from '@/components/ui/Detail';
import { Dialog } from '@/components/ui/Dialog';
import { DEVICE_STATUS_LABEL, DEVICE_STATUS_TONE, DIRECTION_LABEL, formatWhen } from '../lib/format';
import { DoorStatusSection } from './DoorStatusSection';
import { EventTargetSection } from './EventTargetSection';
import { RecentDeviceEvents } from './RecentDeviceEvents';

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
        <RecentDeviceEvents device={device} />
      </div>
    </Dialog>
  );
}
