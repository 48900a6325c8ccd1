import { CreateSiteRequest, type Site, UpdateSiteRequest } from '@atrium/contract';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { WeekdayPicker } from '@/components/ui/WeekdayPicker';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useCreateSite, useUpdateSite } from '../api/sites-api';
import { zoneChoices } from '../lib/site-time';

const LABELS = {
  name: 'Name',
  timeZone: 'Time zone',
  address: 'Address',
  latitude: 'Latitude',
  longitude: 'Longitude',
  geofenceM: 'Geofence radius (metres)',
  workWeek: 'Work week',
};
type Errors = FieldErrors<keyof typeof LABELS>;

/** A number as typed: blank is none, anything else must read as a number (the contract says which). */
const typedNumber = (typed: string) => (typed.trim() === '' ? null : Number(typed));
const shown = (value: number | null | undefined) => (value == null ? '' : String(value));

/** Adding a site or changing one; the organisation's own site's zone and work week are the Settings' too. */
export function SiteDialog({ site, onClose }: { site?: Site; onClose: () => void }) {
  const [name, setName] = useState(site?.name ?? '');
  const [timeZone, setTimeZone] = useState(site?.time_zone ?? '');
  const [address, setAddress] = useState(site?.address ?? '');
  const [latitude, setLatitude] = useState(shown(site?.latitude));
  const [longitude, setLongitude] = useState(shown(site?.longitude));
  const [geofence, setGeofence] = useState(shown(site?.geofence_m));
  const [workWeek, setWorkWeek] = useState<number[]>(site?.work_week ?? [1, 2, 3, 4, 5]);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateSite();
  const update = useUpdateSite();
  const toast = useToast();
  const zonesId = useId();
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      timeZone: timeZone.trim(),
      address: address.trim() === '' ? null : address,
      latitude: typedNumber(latitude),
      longitude: typedNumber(longitude),
      geofenceM: typedNumber(geofence),
      workWeek: [...workWeek].sort((a, b) => a - b),
    };
    const onError = (error: unknown) => setErrors(serverFieldErrors(error, LABELS));
    if (site) {
      const checked = checkForm(UpdateSiteRequest, input, LABELS);
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      update.mutate(
        { id: site.id, body: checked.data },
        {
          onSuccess: () => {
            toast.success('Site saved');
            onClose();
          },
          onError,
        },
      );
    } else {
      const checked = checkForm(CreateSiteRequest, input, LABELS);
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      create.mutate(checked.data, {
        onSuccess: () => {
          toast.success('Site added');
          onClose();
        },
        onError,
      });
    }
  };

  const fieldFailure = Object.keys(errors).length > 0;
  return (
    <FormDialog
      onClose={onClose}
      title={site ? `Edit ${site.name}` : 'Add Site'}
      formId="site-form"
      busy={busy}
      submitLabel={busy ? 'Saving...' : site ? 'Save' : 'Add Site'}
      onSubmit={submit}
      formClassName="space-y-4"
    >
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Time zone"
        error={errors.timeZone}
        hint={
          site?.is_first
            ? "The organisation's own time zone (Organisation > Settings shows the same). Type to search, e.g. Singapore."
            : 'Its attendance days, lateness and holidays follow this clock. Type to search, e.g. Singapore.'
        }
      >
        {(control) => (
          <>
            <input
              {...control}
              list={zonesId}
              className={`mt-1 ${inputClasses}`}
              value={timeZone}
              placeholder="Europe/London"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTimeZone(e.target.value)}
            />
            <datalist id={zonesId}>
              {zoneChoices(site?.time_zone).map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField label="Address" error={errors.address} hint="Optional.">
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={address}
            maxLength={200}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <CoordinateField label="Latitude" value={latitude} onChange={setLatitude} error={errors.latitude} />
        <CoordinateField
          label="Longitude"
          value={longitude}
          onChange={setLongitude}
          error={errors.longitude}
        />
        <FormField label="Geofence radius (metres)" error={errors.geofenceM} hint="10 to 100000; optional.">
          {(control) => (
            <input
              {...control}
              type="number"
              min={10}
              max={100_000}
              step={1}
              inputMode="numeric"
              className={`mt-1 ${inputClasses}`}
              value={geofence}
              onChange={(e) => setGeofence(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <WeekdayPicker
        legend="Work week"
        value={workWeek}
        onChange={setWorkWeek}
        error={errors.workWeek}
        errorId="site-work-week-error"
        hint={{ id: 'site-work-week-hint', text: 'New departments at this site start with these days.' }}
      />
      <FormAlert>
        {failure && !fieldFailure ? errorMessage(failure, 'The site could not be saved') : null}
      </FormAlert>
    </FormDialog>
  );
}

function CoordinateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField label={label} error={error} hint="Decimal degrees; optional.">
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          className={`mt-1 ${inputClasses}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
