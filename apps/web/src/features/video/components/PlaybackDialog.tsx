import type { Camera } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { saveDownload } from '@/lib/api-client';
import { organisationClock, organisationInstant, organisationToday } from '@/lib/org-time';
import { downloadClip, playbackUrl, timelineQuery } from '../api/video-api';
import { clockWithSeconds } from '../lib/format';
import { dayPercent, instantAt, spanFrom } from '../lib/timeline';
import { useHls } from '../lib/use-hls';

const field = 'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';

function timeOf(instant: Date): string {
  return clockWithSeconds(instant);
}

/**
 * A day of one camera's recordings: recorded spans and motion on a timeline, click (or Enter on
 * the focused timeline) to play from there, and a start and end to download as an MP4 clip.
 */
export function PlaybackDialog({
  camera,
  at,
  onClose,
}: {
  camera: Camera;
  /** Where to start (an access event or a motion event minus a few seconds). */
  at?: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const initial = at ? new Date(at) : undefined;
  const [day, setDay] = useState(initial ? organisationToday(initial) : organisationToday());
  const dayStart = useMemo(() => new Date(organisationInstant(day, '00:00')), [day]);
  const dayEnd = useMemo(() => new Date(dayStart.getTime() + 24 * 3600_000), [dayStart]);
  const timeline = useQuery(timelineQuery(camera.id, dayStart.toISOString(), dayEnd.toISOString()));
  const [start, setStart] = useState<Date | undefined>(initial);
  const [clipFrom, setClipFrom] = useState(initial ? timeOf(initial) : '');
  const [clipTo, setClipTo] = useState(initial ? timeOf(new Date(initial.getTime() + 60_000)) : '');
  const [saving, setSaving] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  const spans = timeline.data?.spans ?? [];
  const span = start ? spanFrom(spans, start) : undefined;
  const url = useMemo(() => {
    if (!start || !span) return undefined;
    const from = new Date(Math.max(start.getTime(), new Date(span.from).getTime()));
    return playbackUrl(camera.id, camera.media_token, from.toISOString(), span.to);
  }, [start, span, camera.id, camera.media_token]);
  const { state, wallClock } = useHls(video, url, { live: false });

  const pick = (percent: number) => {
    const instant = instantAt(percent, dayStart, dayEnd);
    setStart(instant);
    setClipFrom(timeOf(instant));
    setClipTo(timeOf(new Date(instant.getTime() + 60_000)));
  };
  const onBarClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    pick(((event.clientX - rect.left) / rect.width) * 100);
  };
  const onBarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = start ? dayPercent(start, dayStart, dayEnd) : 50;
    const step = event.shiftKey ? 100 / 24 : 100 / (24 * 12);
    if (event.key === 'ArrowRight') pick(Math.min(100, current + step));
    else if (event.key === 'ArrowLeft') pick(Math.max(0, current - step));
    else return;
    event.preventDefault();
  };

  const instantOf = (hms: string) => zonedInstantOf(day, hms);
  const saveClip = async () => {
    const from = instantOf(clipFrom);
    const to = instantOf(clipTo);
    if (!from || !to || to <= from) {
      toast.error('Choose a start and an end after it.');
      return;
    }
    setSaving(true);
    try {
      const response = await downloadClip(camera.id, from.toISOString(), to.toISOString());
      await saveDownload(response, `${camera.code}.mp4`);
      toast.success('Clip downloaded');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the clip'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={`${camera.name} · Playback`} className="sm:max-w-3xl">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          Day
          <input
            type="date"
            className={field}
            value={day}
            max={organisationToday()}
            onChange={(e) => e.target.value && setDay(e.target.value)}
          />
        </label>
        <p className="pb-2 text-sm text-slate-600">
          {timeline.isPending
            ? 'Loading recordings…'
            : `${spans.length} recorded span${spans.length === 1 ? '' : 's'}`}
        </p>
      </div>

      <div className="mt-3">
        <div
          ref={bar}
          role="slider"
          tabIndex={0}
          aria-label="Timeline: click or use the arrow keys to play from a time"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={start ? Math.round(dayPercent(start, dayStart, dayEnd)) : 0}
          aria-valuetext={start ? organisationClock(start) : 'No time chosen'}
          onClick={onBarClick}
          onKeyDown={onBarKey}
          className="relative h-10 cursor-pointer rounded-md bg-slate-100 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="timeline"
        >
          {spans.map((s) => (
            <span
              key={s.from}
              className="absolute inset-y-2 rounded-sm bg-indigo-400"
              style={{
                left: `${dayPercent(s.from, dayStart, dayEnd)}%`,
                width: `${Math.max(0.2, dayPercent(s.to, dayStart, dayEnd) - dayPercent(s.from, dayStart, dayEnd))}%`,
              }}
            />
          ))}
          {(timeline.data?.motion ?? []).map((m) => (
            <span
              key={m.from}
              title={`Motion at ${organisationClock(m.from)}`}
              className="absolute inset-y-0 w-0.5 bg-amber-500"
              style={{ left: `${dayPercent(m.from, dayStart, dayEnd)}%` }}
            />
          ))}
          {start ? (
            <span
              className="absolute -inset-y-1 w-0.5 bg-slate-900"
              style={{ left: `${dayPercent(start, dayStart, dayEnd)}%` }}
            />
          ) : null}
        </div>
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>00:00</span>
          <span>06:00</span>
          <span>12:00</span>
          <span>18:00</span>
          <span>24:00</span>
        </div>
        <p className="mt-1 text-xs text-slate-600">
          <span className="mr-1 inline-block size-2 rounded-sm bg-indigo-400" /> recorded
          <span className="mr-1 ml-3 inline-block h-2 w-0.5 bg-amber-500" /> motion
        </p>
      </div>

      <div className="relative mt-4 overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          className="aspect-video w-full"
          muted
          playsInline
          controls
          aria-label={`Recorded video from ${camera.name}`}
          data-testid="playback-video"
        />
        {wallClock ? (
          <div className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-2 py-1 text-xs font-medium text-white tabular-nums">
            {camera.name} {clockWithSeconds(wallClock)}
          </div>
        ) : null}
        {!url || state !== 'playing' ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white"
          >
            {!start
              ? 'Choose a time on the timeline'
              : !span
                ? 'No recording from this time'
                : state === 'retrying'
                  ? 'Stream unavailable, retrying'
                  : 'Loading…'}
          </div>
        ) : null}
      </div>

      <fieldset className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <legend className="mb-1 text-sm font-medium text-slate-700">Clip</legend>
        <label className="text-sm text-slate-700">
          Start
          <input
            type="time"
            step={1}
            className={field}
            value={clipFrom}
            onChange={(e) => setClipFrom(e.target.value)}
          />
        </label>
        <label className="text-sm text-slate-700">
          End
          <input
            type="time"
            step={1}
            className={field}
            value={clipTo}
            onChange={(e) => setClipTo(e.target.value)}
          />
        </label>
        <Button
          className="col-span-2 sm:col-span-1"
          onClick={() => void saveClip()}
          disabled={saving || !clipFrom || !clipTo}
        >
          <Download aria-hidden="true" className="size-4" />
          {saving ? 'Preparing…' : 'Download clip'}
        </Button>
      </fieldset>
    </Dialog>
  );
}

/** The instant of 'HH:MM[:SS]' on an organisation date. */
function zonedInstantOf(day: string, hms: string): Date | undefined {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(hms);
  if (!m) return undefined;
  const base = new Date(organisationInstant(day, `${m[1]}:${m[2]}`));
  return new Date(base.getTime() + Number(m[3] ?? 0) * 1000);
}
