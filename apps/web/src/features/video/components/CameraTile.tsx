import type { Camera } from '@atrium/contract';
import { Camera as CameraIcon, History, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { useSiteChoices } from '@/lib/site-choices';

/** How often a tile's picture is refreshed (the server keeps a snapshot every few seconds). */
const SNAPSHOT_REFRESH_MS = 5000;

function useTick(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}

/** One camera: its latest picture, name, site (with several), location, status, and View Live / Playback (only when online). */
export function CameraTile({
  camera,
  onLive,
  onPlayback,
}: {
  camera: Camera;
  onLive: () => void;
  onPlayback: () => void;
}) {
  const online = camera.status === 'online';
  const { several } = useSiteChoices();
  const tick = useTick(SNAPSHOT_REFRESH_MS);
  // A new URL each refresh so the browser fetches the newest picture; a failed one is
  // remembered by its URL, so the next refresh tries again.
  const src = `${camera.snapshot_url}&v=${tick}`;
  const [brokenSrc, setBrokenSrc] = useState<string>();
  const broken = brokenSrc === src;
  return (
    <Card className="flex flex-col overflow-hidden" aria-label={`Camera ${camera.name}`}>
      <div className="relative aspect-video bg-slate-900">
        {online && !broken ? (
          <img
            src={src}
            alt={`Latest view from ${camera.name}`}
            className="size-full object-cover"
            onError={() => setBrokenSrc(src)}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-400">
            <CameraIcon aria-hidden="true" className="size-8" />
            <span className="text-sm">{online ? 'Waiting for a picture' : 'No signal'}</span>
          </div>
        )}
        <Badge tone={online ? 'success' : 'danger'} className="absolute top-2 right-2">
          {online ? 'Online' : 'Offline'}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="font-semibold text-slate-900">{camera.name}</h2>
          <p className="text-sm text-slate-600">
            {several ? <span data-testid="camera-site">{camera.site} · </span> : null}
            {camera.location || '—'}
          </p>
        </div>
        <div className="mt-auto flex gap-2">
          <Button size="sm" onClick={onLive} disabled={!online} aria-label={`View Live ${camera.name}`}>
            <Play aria-hidden="true" className="size-4" />
            View Live
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={onPlayback}
            disabled={!online}
            aria-label={`Playback ${camera.name}`}
          >
            <History aria-hidden="true" className="size-4" />
            Playback
          </Button>
        </div>
      </div>
    </Card>
  );
}
