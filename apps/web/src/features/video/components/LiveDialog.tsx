import type { Camera } from '@atrium/contract';
import { Maximize } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { clockWithSeconds } from '../lib/format';
import { useHls } from '../lib/use-hls';

/** The live picture of one camera with its wall-clock time; full screen on request. */
export function LiveDialog({ camera, onClose }: { camera: Camera; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { state, wallClock } = useHls(video, camera.live_url, { live: true });
  const fullscreen = () => void frame.current?.requestFullscreen?.().catch(() => {});
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${camera.name} · Live`}
      className="sm:max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={fullscreen}>
            <Maximize aria-hidden="true" className="size-4" />
            Fullscreen
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div ref={frame} className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          className="aspect-video w-full"
          muted
          playsInline
          controls
          aria-label={`Live video from ${camera.name}`}
          data-testid="live-video"
        />
        <div className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-2 py-1 text-xs font-medium text-white">
          {camera.name}
          {wallClock ? <span className="ml-2 tabular-nums">{clockWithSeconds(wallClock)}</span> : null}
        </div>
        {state !== 'playing' ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center bg-black/50 text-sm font-medium text-white"
          >
            {state === 'retrying' ? 'Stream unavailable, retrying' : 'Connecting…'}
          </div>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-slate-600">{camera.location}</p>
    </Dialog>
  );
}
