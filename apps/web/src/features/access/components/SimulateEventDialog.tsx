import { type Device, PERSON_EVENT_TYPES, type SimulatedEventType } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormAlert } from '@/components/ui/FormAlert';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { PEOPLE_PICKER_SIZE, peopleQuery, useSimulateHikvision } from '../api/access-api';
import { Field } from './Field';

const field = 'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';

export const EVENT_TYPES: { id: SimulatedEventType; label: string }[] = [
  { id: 'access_control', label: 'Access granted (card)' },
  { id: 'access_granted_face', label: 'Access granted (face)' },
  { id: 'access_denied', label: 'Access denied' },
  { id: 'door_forced_open', label: 'Door forced open' },
  { id: 'door_held_open', label: 'Door held open' },
  { id: 'tamper', label: 'Device tamper' },
  { id: 'remote_open', label: 'Remote door open' },
];

/**
 * Makes the simulated controller with this id push a real ISAPI event to Atrium over HTTP, for
 * the chosen person when a person makes it (a swipe, a face); a forced door or a tamper involves
 * nobody. What follows (log, alert, toasts) is what a real door would cause.
 */
export function SimulateEventDialog({ devices, onClose }: { devices: Device[]; onClose: () => void }) {
  const toast = useToast();
  const simulate = useSimulateHikvision();
  const [search, setSearch] = useState('');
  const people = useQuery(peopleQuery(useDeferredValue(search.trim())));
  const [deviceId, setDeviceId] = useState(
    (devices.find((d) => d.status === 'online') ?? devices[0])?.device_id ?? '',
  );
  const [eventType, setEventType] = useState<SimulatedEventType>('access_control');
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withPerson = PERSON_EVENT_TYPES.includes(eventType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!deviceId) return setError('Please choose a device.');
    if (withPerson && !userId) return setError('Please choose a person.');
    setError(null);
    simulate.mutate(
      { deviceId, eventType, ...(withPerson ? { userId: Number(userId) } : {}) },
      {
        onSuccess: () => {
          toast.success('Hikvision event simulated successfully!');
          onClose();
        },
        onError: (e) => {
          toast.error('Failed to simulate Hikvision event');
          setError(errorMessage(e, 'The simulated device could not send the event.'));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Simulate Event"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="simulate-event"
            disabled={simulate.isPending}
            aria-busy={simulate.isPending}
          >
            Simulate Event
          </Button>
        </>
      }
    >
      <form id="simulate-event" onSubmit={submit} className="space-y-3" noValidate>
        <Field label="Device">
          {(id) => (
            <select id={id} value={deviceId} onChange={(e) => setDeviceId(e.target.value)} className={field}>
              {devices.map((d) => (
                <option key={d.id} value={d.device_id}>
                  {d.device_id} · {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Event type">
          {(id) => (
            <select
              id={id}
              value={eventType}
              onChange={(e) => setEventType(e.target.value as SimulatedEventType)}
              className={field}
            >
              {EVENT_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {withPerson ? (
          <>
            <Field label="Find a person">
              {(id) => (
                <input
                  id={id}
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder="Name, email, employee or badge number"
                  className={field}
                />
              )}
            </Field>
            <Field label="Person">
              {(id) => (
                <select
                  id={id}
                  value={userId}
                  onChange={(e) => setUserId(e.target.value)}
                  className={field}
                  disabled={!people.data}
                >
                  <option value="">
                    {people.isError ? 'People could not be loaded' : 'Choose a person'}
                  </option>
                  {(people.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.first_name} {p.last_name}
                      {p.department_name ? ` · ${p.department_name}` : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {people.data?.length === PEOPLE_PICKER_SIZE ? (
              <p className="text-xs text-slate-600">
                The first {PEOPLE_PICKER_SIZE} people in name order: type above to find someone else.
              </p>
            ) : null}
            {people.isError ? (
              <Button size="sm" variant="secondary" onClick={() => void people.refetch()}>
                Retry
              </Button>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Nobody is involved in this event: the device sends it alone.
          </p>
        )}
        <FormAlert>{error}</FormAlert>
      </form>
    </Dialog>
  );
}
