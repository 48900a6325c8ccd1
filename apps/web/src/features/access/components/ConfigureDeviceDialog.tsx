import { type Device, type DeviceDirection, UpdateDeviceRequest } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormField } from '@/components/ui/FormField';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSiteChoices } from '@/lib/site-choices';
import { useRemoveDevice, useUpdateDevice } from '../api/access-api';
import { DeviceConnectionFields } from './DeviceConnectionFields';
import { DevicePlacementFields } from './DevicePlacementFields';
import { PushSecretSection } from './PushSecretSection';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-500';

const LABELS = {
  name: 'Name',
  location: 'Location',
  access_point_id: 'Access point',
  direction: 'Direction',
  address: 'Address',
  username: 'Username',
  password: 'Password',
  site_id: 'Site',
};

/**
 * Edit where a device is and what it records; only changed fields are sent (and audited). Remove
 * asks first; `removeFirst` opens on that question (the device page's own Remove button).
 */
export function ConfigureDeviceDialog({
  device,
  onClose,
  removeFirst = false,
  onRemoved,
}: {
  device: Device;
  onClose: () => void;
  removeFirst?: boolean;
  /** After the device is removed (the device page leaves for the list); onClose otherwise. */
  onRemoved?: () => void;
}) {
  const toast = useToast();
  const update = useUpdateDevice();
  const remove = useRemoveDevice();
  const [removing, setRemoving] = useState(removeFirst);
  const [name, setName] = useState(device.name);
  const [location, setLocation] = useState(device.location);
  const [accessPoint, setAccessPoint] = useState(
    device.access_point_id ? String(device.access_point_id) : '',
  );
  const [direction, setDirection] = useState<DeviceDirection>(device.direction);
  const [maintenance, setMaintenance] = useState(device.status === 'maintenance');
  const { sites, several } = useSiteChoices();
  const [site, setSite] = useState(String(device.site_id));
  const [address, setAddress] = useState(device.address ?? '');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: UpdateDeviceRequest = {};
    if (name.trim() !== device.name) body.name = name;
    if (location.trim() !== device.location) body.location = location;
    const pointId = accessPoint ? Number(accessPoint) : null;
    if (pointId !== device.access_point_id) body.access_point_id = pointId;
    if (direction !== device.direction) body.direction = direction;
    if (Number(site) !== device.site_id) body.site_id = Number(site);
    if (maintenance !== (device.status === 'maintenance')) body.maintenance = maintenance;
    const newAddress = address.trim() || null;
    if (newAddress !== device.address) body.address = newAddress;
    if (username.trim()) body.username = username;
    if (password) body.password = password;
    // The contract's own schema on what changed: the form refuses exactly what the server would.
    const checked = checkForm(UpdateDeviceRequest, body, LABELS);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if (Object.keys(checked.data).length === 0) return onClose();
    update.mutate(
      { id: device.id, body: checked.data },
      {
        onSuccess: () => {
          toast.success('Device updated successfully!');
          onClose();
        },
        onError: (e) => {
          // A refusal naming one of the fields shows under it; anything else below the form.
          const fromServer = serverFieldErrors(e, LABELS);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0) setError(errorMessage(e, 'Failed to update device'));
        },
      },
    );
  };

  const removeDevice = () =>
    remove.mutate(device.id, {
      onSuccess: () => {
        toast.success('Device removed');
        (onRemoved ?? onClose)();
      },
      onError: (e) => setError(errorMessage(e, 'Failed to remove device')),
    });

  if (removing) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={`Remove ${device.device_id}`}
        footer={
          <>
            <Button variant="secondary" onClick={removeFirst ? onClose : () => setRemoving(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={removeDevice}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              Remove device
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Remove <strong>{device.name}</strong>? Atrium stops taking its events and sending it commands; its
            history stays in the logs and reports. Adding it again later brings that history back with it.
          </p>
          <FormAlert>{error}</FormAlert>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Configure ${device.device_id}`}
      footer={
        <>
          <Button variant="danger" onClick={() => setRemoving(true)} className="mr-auto">
            Remove
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="configure-device" disabled={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="configure-device" onSubmit={submit} className="space-y-3" noValidate>
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              required
              className={field}
              {...control}
            />
          )}
        </FormField>
        <FormField label="Location" error={errors.location}>
          {(control) => (
            <input
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              maxLength={200}
              className={field}
              {...control}
            />
          )}
        </FormField>
        <DevicePlacementFields
          accessPoint={accessPoint}
          onAccessPoint={setAccessPoint}
          direction={direction}
          onDirection={setDirection}
          errors={errors}
          current={
            device.access_point_id ? { id: device.access_point_id, name: device.access_point } : undefined
          }
        />
        {several ? (
          <SiteSelect
            sites={sites}
            value={site}
            onChange={setSite}
            error={errors.site_id}
            selectClassName={field}
            hint={device.type === 'access_controller' ? 'Its access point is at the same site.' : undefined}
          />
        ) : null}
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={maintenance}
            onChange={(e) => setMaintenance(e.target.checked)}
            className="mt-0.5 size-4"
          />
          <span>
            <span className="font-medium">Maintenance</span>
            <span className="block text-slate-600">
              No offline alerts while the device is being worked on.
            </span>
          </span>
        </label>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Commands (door open, status)</legend>
          <DeviceConnectionFields
            address={{ value: address, onChange: setAddress }}
            username={{ value: username, onChange: setUsername }}
            password={{ value: password, onChange: setPassword }}
            errors={errors}
            unchanged={device.has_credentials}
          />
        </fieldset>
        <FormAlert>{error}</FormAlert>
      </form>
      <PushSecretSection device={device} />
    </Dialog>
  );
}
