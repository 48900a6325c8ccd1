import type { Camera } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Activity, Camera as CameraIcon, Gauge } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { Unavailable } from '@/components/ui/Unavailable';
import { videoStatsQuery } from '../api/video-api';

/**
 * Motion Events Today, Active Cameras and Uptime, computed by the server for every site. With a
 * site chosen (`siteCameras`, its cameras) Active Cameras counts that site's by the server's rule;
 * the other two stay every site's and say so.
 */
export function VideoStats({ siteCameras }: { siteCameras: Camera[] | null }) {
  const stats = useQuery(videoStatsQuery());
  if (stats.isError)
    return <Unavailable what="Video figures" onRetry={() => void stats.refetch()} className="mb-6" />;
  const s = stats.data;
  const everySite = siteCameras === null ? undefined : 'All sites';
  const active = siteCameras
    ? siteCameras.filter((c) => c.enabled && c.status === 'online').length
    : s?.active_cameras;
  const cards = [
    {
      label: 'Motion Events Today',
      value: s ? String(s.motion_events_today) : '…',
      icon: Activity,
      note: everySite,
    },
    { label: 'Active Cameras', value: active === undefined ? '…' : String(active), icon: CameraIcon },
    { label: 'Uptime', value: s ? `${s.uptime_percent}%` : '…', icon: Gauge, note: everySite },
  ];
  return (
    <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
      {cards.map(({ label, value, icon: Icon, note }) => (
        <Card key={label} className="p-3 sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
            <Icon aria-hidden="true" className="hidden size-5 text-indigo-600 sm:block" />
          </div>
          <p className="mt-1 text-xl font-semibold text-slate-900 sm:mt-2 sm:text-3xl">{value}</p>
          {note ? <p className="text-xs text-slate-500">{note}</p> : null}
        </Card>
      ))}
    </div>
  );
}
