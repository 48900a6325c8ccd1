import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Unavailable } from '@/components/ui/Unavailable';
import { videoEventsQuery } from '../api/video-api';
import { ago, eventLabels } from '../lib/format';

const dot: Record<string, string> = { motion: 'bg-amber-500', offline: 'bg-red-500', online: 'bg-green-500' };

/**
 * The newest motion, offline and online events, refreshed live; older ones page in on demand.
 * With a site chosen, those of its cameras (`cameraIds`) alone.
 */
export function RecentVideoEvents({
  cameraIds,
  onOpen,
}: {
  cameraIds: ReadonlySet<number> | null;
  onOpen: (cameraId: number, at: string) => void;
}) {
  const events = useInfiniteQuery(videoEventsQuery());
  const rows = (events.data?.pages.flatMap((p) => p.events) ?? []).filter(
    (e) => cameraIds === null || cameraIds.has(e.camera_id),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Video Events</CardTitle>
      </CardHeader>
      <CardContent>
        {events.isError ? (
          <Unavailable what="Video events" onRetry={() => void events.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">{events.isPending ? 'Loading…' : 'No video events yet.'}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((e) => (
              <li key={e.id} className="flex items-center gap-3 py-2.5">
                <span
                  aria-hidden="true"
                  className={`size-2.5 shrink-0 rounded-full ${dot[e.kind] ?? 'bg-slate-400'}`}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {eventLabels[e.kind] ?? e.kind}
                    {e.kind === 'motion' ? ` by ${e.source === 'camera' ? 'the camera' : 'Atrium'}` : ''} ·{' '}
                    {e.camera_name}
                  </p>
                  <p className="text-xs text-slate-600">
                    <time dateTime={e.started_at}>{ago(e.started_at)}</time>
                    {e.kind === 'motion' && e.ended_at
                      ? ` · ${Math.max(1, Math.round((new Date(e.ended_at).getTime() - new Date(e.started_at).getTime()) / 1000))} s`
                      : ''}
                  </p>
                </div>
                {e.kind === 'motion' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onOpen(e.camera_id, e.started_at)}
                    aria-label={`Play motion on ${e.camera_name} ${ago(e.started_at)}`}
                  >
                    Play
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {events.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
          >
            Load more
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
