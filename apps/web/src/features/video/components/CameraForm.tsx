import { type Camera, CameraInput, type TestConnectionResponse } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { PushAddress } from '@/components/ui/PushAddress';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSiteChoices } from '@/lib/site-choices';
import {
  accessPointsQuery,
  useRotateCameraPushSecret,
  useSaveCamera,
  useTestConnection,
} from '../api/video-api';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-500';

const LABELS = {
  name: 'Name',
  location: 'Location',
  stream_url: 'Stream URL',
  access_point_id: 'Access point',
  retention_hours: 'Keep recordings (hours)',
  retention_max_mb: 'Recordings size cap (MB)',
  motion_sensitivity: 'Motion sensitivity',
  site_id: 'Site',
};
type Field = keyof typeof LABELS;

/** A blank number stays invalid (NaN) rather than becoming 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function describe(result: TestConnectionResponse): string {
  if (!result.ok) return `Connection failed: ${result.error ?? 'no picture'}`;
  const size = result.width && result.height ? `${result.width}×${result.height}` : 'unknown size';
  return `Connected: ${result.codec ?? 'unknown codec'}, ${size}${result.fps ? `, ${result.fps} fps` : ''}`;
}

/** Add or edit a camera; "Test connection" asks ffmpeg what it finds at the address. */
export function CameraForm({ camera, onClose }: { camera?: Camera; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveCamera();
  const test = useTestConnection();
  const rotatePush = useRotateCameraPushSecret();
  const points = useQuery(accessPointsQuery());
  const [name, setName] = useState(camera?.name ?? '');
  const [location, setLocation] = useState(camera?.location ?? '');
  const [url, setUrl] = useState(camera?.stream_url ?? '');
  const [point, setPoint] = useState(camera?.access_point_id ? String(camera.access_point_id) : '');
  const [recording, setRecording] = useState(camera?.recording_enabled ?? true);
  const [hours, setHours] = useState(String(camera?.retention_hours ?? 72));
  const [maxMb, setMaxMb] = useState(String(camera?.retention_max_mb ?? 2048));
  const [sensitivity, setSensitivity] = useState(String(camera?.motion_sensitivity ?? 60));
  const [enabled, setEnabled] = useState(camera?.enabled ?? true);
  const { sites, several, first } = useSiteChoices();
  const [site, setSite] = useState(camera ? String(camera.site_id) : '');
  const siteValue = site || String(first?.id ?? '');
  // A camera watching a door is at the door's site: choosing the access point proposes it.
  const choosePoint = (id: string) => {
    setPoint(id);
    const chosen = points.data?.find((p) => String(p.id) === id);
    if (chosen) setSite(String(chosen.site_id));
  };
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The contract's own schema: the form refuses exactly what the server would.
    const checked = checkForm(
      CameraInput,
      {
        name,
        location,
        stream_url: url,
        access_point_id: point ? Number(point) : null,
        recording_enabled: recording,
        retention_hours: numberOf(hours),
        retention_max_mb: numberOf(maxMb),
        motion_sensitivity: numberOf(sensitivity),
        enabled,
        ...(several && siteValue ? { site_id: Number(siteValue) } : {}),
      },
      LABELS,
    );
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    save.mutate(
      { id: camera?.id, input: checked.data },
      {
        onSuccess: () => {
          toast.success(camera ? 'Camera updated' : 'Camera added');
          onClose();
        },
        onError: (e) => {
          // A refusal naming one of the fields shows under it; anything else below the form.
          const fromServer = serverFieldErrors(e, LABELS);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0) setError(errorMessage(e, 'Failed to save the camera'));
        },
      },
    );
  };

  const runTest = () => {
    setTestResult('Testing…');
    test.mutate(
      { stream_url: url.trim() || undefined, camera_id: camera?.id },
      {
        onSuccess: (result) => setTestResult(describe(result)),
        onError: (e) => setTestResult(errorMessage(e, 'Test failed')),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      title={camera ? `Edit ${camera.name}` : 'Add camera'}
      formId="camera-form"
      onSubmit={submit}
      submitLabel={save.isPending ? 'Saving…' : 'Save'}
      busy={save.isPending}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            className={field}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
            {...control}
          />
        )}
      </FormField>
      <FormField label="Location" error={errors.location}>
        {(control) => (
          <input
            className={field}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            maxLength={200}
            {...control}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          label="Stream URL"
          error={errors.stream_url}
          hint="A saved password shows as ****; leave it so to keep it."
        >
          {(control) => (
            <input
              className={field}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="rtsp://user:password@camera/Streaming/Channels/101"
              inputMode="url"
              autoComplete="off"
              maxLength={2000}
              required
              {...control}
            />
          )}
        </FormField>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button size="sm" variant="secondary" onClick={runTest} disabled={test.isPending || !url.trim()}>
            Test connection
          </Button>
          {testResult ? <output className="text-sm text-slate-700">{testResult}</output> : null}
        </div>
      </div>
      <FormField label="Access point" error={errors.access_point_id}>
        {(control) => (
          <select className={field} value={point} onChange={(e) => choosePoint(e.target.value)} {...control}>
            <option value="">None</option>
            {(points.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {several ? (
        <SiteSelect
          sites={sites}
          value={siteValue}
          onChange={setSite}
          error={errors.site_id}
          selectClassName={field}
        />
      ) : null}
      <FormField label="Motion sensitivity (1-100)" error={errors.motion_sensitivity}>
        {(control) => (
          <input
            type="number"
            min={1}
            max={100}
            className={field}
            value={sensitivity}
            onChange={(e) => setSensitivity(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <FormField label="Keep recordings (hours)" error={errors.retention_hours}>
        {(control) => (
          <input
            type="number"
            min={1}
            max={8760}
            className={field}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <FormField label="Recordings size cap (MB)" error={errors.retention_max_mb}>
        {(control) => (
          <input
            type="number"
            min={10}
            max={10000000}
            className={field}
            value={maxMb}
            onChange={(e) => setMaxMb(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={recording}
          onChange={(e) => setRecording(e.target.checked)}
          className="size-4"
        />
        Record continuously
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="size-4"
        />
        Enabled
      </label>
      {camera ? (
        <div className="sm:col-span-2">
          <PushAddress
            subject="camera"
            configured={camera.push_configured}
            rotate={() => rotatePush.mutateAsync(camera.id)}
          />
          <p className="mt-1 text-xs text-slate-600">
            A camera that detects motion itself (ISAPI VMD) sends its events to this address.
          </p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
