import {
  type CreateDeviceRequest,
  type CreateDeviceResponse,
  CreateDeviceRequest as CreateDeviceSchema,
  DeviceConnectionRequest,
  type DeviceDirection,
  type DeviceType,
} from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
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
import { accessPointsQuery, useCreateDevice, useTestDeviceConnection } from '../api/access-api';
import { DeviceConnectionFields } from './DeviceConnectionFields';
import { DeviceIdentityList } from './DeviceIdentityList';
import { DevicePlacementFields } from './DevicePlacementFields';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-500';

const LABELS = {
  type: 'Type',
  name: 'Name',
  address: 'Address',
  username: 'Username',
  password: 'Password',
  device_id: 'Device ID',
  location: 'Location',
  access_point_id: 'Access point',
  direction: 'Direction',
  site_id: 'Site',
};

/**
 * Adds a door controller or a people counter by its address and credentials: Atrium asks the
 * device what it is (Test connection shows it) and registers it under its serial number. The
 * push URL it then shows is the device's event target, shown once.
 */
export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const test = useTestDeviceConnection();
  const create = useCreateDevice();
  const [type, setType] = useState<DeviceType>('access_controller');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  const [location, setLocation] = useState('');
  const [accessPoint, setAccessPoint] = useState('');
  const [direction, setDirection] = useState<DeviceDirection>('both');
  const { sites, several, first } = useSiteChoices();
  const points = useQuery(accessPointsQuery());
  const [site, setSite] = useState('');
  // A door controller is where its door is: choosing the access point proposes the door's site.
  const chooseAccessPoint = (id: string) => {
    setAccessPoint(id);
    const point = points.data?.find((p) => String(p.id) === id);
    if (point) setSite(String(point.site_id));
  };
  const siteValue = site || String(first?.id ?? '');
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<CreateDeviceResponse | null>(null);
  const controller = type === 'access_controller';

  const refused = (e: unknown, fallback: string) => {
    // A refusal naming a field (the address, the password) shows under it; anything else below.
    const fromServer = serverFieldErrors(e, LABELS);
    setErrors(fromServer);
    setError(Object.keys(fromServer).length === 0 ? errorMessage(e, fallback) : null);
  };

  const testConnection = () => {
    setError(null);
    const checked = checkForm(DeviceConnectionRequest, { address, username, password }, LABELS);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    test.mutate(checked.data, { onError: (e) => refused(e, 'The device could not be reached') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: CreateDeviceRequest = {
      type,
      name,
      address,
      username,
      password,
      location,
      ...(controller ? { access_point_id: accessPoint ? Number(accessPoint) : null, direction } : {}),
      ...(several && siteValue ? { site_id: Number(siteValue) } : {}),
    };
    const checked = checkForm(CreateDeviceSchema, body, LABELS);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    create.mutate(body, {
      onSuccess: (result) => {
        toast.success('Device added successfully!');
        setAdded(result);
      },
      onError: (e) => refused(e, 'Failed to add device'),
    });
  };

  if (added) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={`Added ${added.device.device_id}`}
        footer={<Button onClick={onClose}>Close</Button>}
      >
        <div className="space-y-3 text-sm">
          <p className="text-slate-700">
            <strong>{added.device.name}</strong> is registered. What the device said it is:
          </p>
          <DeviceIdentityList identity={added.identity} />
          {added.device.push_configured_at ? (
            <p className="rounded-lg bg-green-50 p-3 text-green-900" data-testid="event-target">
              Atrium set this push URL as the device's event target and read it back: its events will arrive.
            </p>
          ) : (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="event-target">
              The device did not take Atrium as its event target ({added.device.push_error}). Set this push
              URL as its HTTP listening host by hand, or try again with Set event target under View Details.
            </p>
          )}
          <FormField
            label="Push URL"
            hint="Shown once: a new one can be made under Configure or View Details."
          >
            {(control) => (
              <input readOnly value={added.pushUrl} className={`${field} font-mono text-xs`} {...control} />
            )}
          </FormField>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Device"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            onClick={testConnection}
            disabled={test.isPending}
            aria-busy={test.isPending}
          >
            Test connection
          </Button>
          <Button type="submit" form="add-device" disabled={create.isPending} aria-busy={create.isPending}>
            Add Device
          </Button>
        </>
      }
    >
      <form id="add-device" onSubmit={submit} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Type" error={errors.type}>
            {(control) => (
              <select
                {...control}
                value={type}
                onChange={(e) => setType(e.target.value as DeviceType)}
                className={field}
              >
                <option value="access_controller">Door controller</option>
                <option value="counter">People counter</option>
              </select>
            )}
          </FormField>
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
        </div>
        <DeviceConnectionFields
          address={{ value: address, onChange: setAddress }}
          username={{ value: username, onChange: setUsername }}
          password={{ value: password, onChange: setPassword }}
          errors={errors}
          required
        />
        {test.data ? (
          <section aria-label="Test connection result" className="rounded-lg bg-green-50 p-3">
            <p className="mb-2 text-sm font-medium text-green-900">The device answered:</p>
            <DeviceIdentityList identity={test.data} />
          </section>
        ) : null}
        {controller ? (
          <DevicePlacementFields
            accessPoint={accessPoint}
            onAccessPoint={chooseAccessPoint}
            direction={direction}
            onDirection={setDirection}
            errors={errors}
          />
        ) : null}
        {several ? (
          <SiteSelect
            sites={sites}
            value={siteValue}
            onChange={setSite}
            error={errors.site_id}
            selectClassName={field}
            hint={controller ? 'Its access point is at the same site.' : undefined}
          />
        ) : null}
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
        <FormAlert>{error}</FormAlert>
      </form>
    </Dialog>
  );
}
