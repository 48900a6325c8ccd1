import type { Device } from '@atrium/contract';
import { DoorOpen } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api';
import { useOpenDoor } from '../api/access-api';

/** Opens a door remotely after a confirmation, then shows what the controller answered. */
export function OpenDoorDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const open = useOpenDoor();
  const where = device.access_point ?? device.name;
  const answered = open.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Open Door · ${device.device_id}`}
      footer={
        answered || open.isError ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={open.isPending}
              aria-busy={open.isPending}
              onClick={() => open.mutate(device.id)}
            >
              <DoorOpen aria-hidden="true" className="size-4" />
              Open Door
            </Button>
          </>
        )
      }
    >
      <div className="space-y-3 text-sm" aria-live="polite">
        {!answered && !open.isError ? (
          <p className="text-slate-700">
            Unlock the door at <strong>{where}</strong> ({device.name}) now? The door releases for its usual
            open time and this is recorded in the audit log.
          </p>
        ) : null}
        {open.isPending ? <p className="text-slate-600">Waiting for the device...</p> : null}
        {answered ? (
          <div
            data-testid="door-answer"
            className={`rounded-lg p-3 ${answered.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          >
            <p className="font-medium">{answered.ok ? 'The door was opened.' : 'The door was not opened.'}</p>
            <p className="mt-1">
              Device answer: {answered.statusString}
              {answered.statusCode === null ? '' : ` (status code ${answered.statusCode})`}
            </p>
          </div>
        ) : null}
        {open.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            {errorMessage(open.error, 'Failed to open the door')}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
