import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { SiteDayNote } from '@/components/ui/SiteDayNote';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { Unavailable } from '@/components/ui/Unavailable';
import { useSiteFilter } from '@/lib/site-filter';
import { useLiveEvent } from '@/lib/socket-context';
import { camerasQuery, videoKeys } from '../api/video-api';
import { CameraManager } from '../components/CameraManager';
import { CameraTile } from '../components/CameraTile';
import { LiveDialog } from '../components/LiveDialog';
import { PlaybackDialog } from '../components/PlaybackDialog';
import { RecentVideoEvents } from '../components/RecentVideoEvents';
import { VideoStats } from '../components/VideoStats';

/** Seconds of context before the moment asked for (an access event, a motion event). */
const LEAD_SECONDS = 10;

type Open = { kind: 'live'; cameraId: number } | { kind: 'playback'; cameraId: number; at?: string } | null;

/**
 * Video Surveillance (administrators; the route guard shows Access Denied to staff). Opens
 * playback directly for /video?camera=ID&at=ISO, as the Access Logs' Video button links.
 */
export function VideoPage() {
  const client = useQueryClient();
  const cameras = useQuery(camerasQuery());
  const [params, setParams] = useSearchParams();
  const [managing, setManaging] = useState(false);
  const [open, setOpen] = useState<Open>(() => {
    const cameraId = Number(params.get('camera'));
    const at = params.get('at');
    if (!Number.isInteger(cameraId) || cameraId <= 0) return null;
    const when = at ? new Date(at) : undefined;
    const lead =
      when && !Number.isNaN(when.getTime()) ? new Date(when.getTime() - LEAD_SECONDS * 1000) : undefined;
    return { kind: 'playback', cameraId, at: lead?.toISOString() };
  });

  useLiveEvent('video_camera_status', () => void client.invalidateQueries({ queryKey: videoKeys.all }));
  useLiveEvent('video_event', () => {
    void client.invalidateQueries({ queryKey: ['video', 'events'] });
    void client.invalidateQueries({ queryKey: videoKeys.stats() });
  });

  const close = () => {
    setOpen(null);
    if (params.has('camera')) setParams({}, { replace: true });
  };
  const all = cameras.data ?? [];
  // The list arrives whole, so the site filter is applied here; a link to another site's camera still opens it.
  const { siteId } = useSiteFilter();
  const list = siteId === null ? all : all.filter((c) => c.site_id === siteId);
  const current = open ? all.find((c) => c.id === open.cameraId) : undefined;

  return (
    <div>
      <PageHeader
        title="Video Surveillance"
        description="Live cameras, recordings and motion across the building."
        actions={
          <>
            <SiteFilter />
            <Button variant="secondary" onClick={() => setManaging((m) => !m)} aria-pressed={managing}>
              <Settings2 aria-hidden="true" className="size-4" />
              {managing ? 'Done' : 'Manage cameras'}
            </Button>
          </>
        }
      />
      <SiteDayNote className="-mt-4 mb-4" />
      <VideoStats siteCameras={siteId === null || cameras.isPending ? null : list} />
      {managing ? (
        <div className="mb-6">
          <CameraManager cameras={list} />
        </div>
      ) : null}
      {cameras.isError ? (
        <Unavailable what="Cameras" onRetry={() => void cameras.refetch()} className="mb-6" />
      ) : (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cameras.isPending ? <p className="text-sm text-slate-600">Loading cameras…</p> : null}
          {!cameras.isPending && list.length === 0 ? (
            <p className="text-sm text-slate-600">No cameras yet. Add one with Manage cameras.</p>
          ) : null}
          {list.map((camera) => (
            <CameraTile
              key={camera.id}
              camera={camera}
              onLive={() => setOpen({ kind: 'live', cameraId: camera.id })}
              onPlayback={() => setOpen({ kind: 'playback', cameraId: camera.id })}
            />
          ))}
        </div>
      )}
      <RecentVideoEvents
        cameraIds={siteId === null ? null : new Set(list.map((c) => c.id))}
        onOpen={(cameraId, at) =>
          setOpen({ kind: 'playback', cameraId, at: new Date(new Date(at).getTime() - 3000).toISOString() })
        }
      />
      {open && current && open.kind === 'live' ? <LiveDialog camera={current} onClose={close} /> : null}
      {open && current && open.kind === 'playback' ? (
        <PlaybackDialog camera={current} at={open.at} onClose={close} />
      ) : null}
    </div>
  );
}
