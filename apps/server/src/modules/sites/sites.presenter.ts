import type { Site } from '@atrium/contract';
import { wallClock } from '@atrium/contract/calendar';
import type { SiteRow } from './sites.repository';

/** "+08:00", "-05:00", "+05:45": how far the zone's wall clock is ahead of UTC at `now`. */
export function utcOffset(now: Date, timeZone: string): string {
  const w = wallClock(now, timeZone);
  const [y, m, d] = w.date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, w.hour, w.minute, w.second);
  const minutes = Math.round((wall - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A site as everyone sees it, with its own date and offset at `now`. */
export function toSite(row: SiteRow, now: Date): Site {
  return {
    id: row.id,
    name: row.name,
    time_zone: row.time_zone,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    geofence_m: row.geofence_m,
    work_week: row.work_week,
    is_first: row.is_first,
    counts: {
      departments: row.departments,
      people: row.people,
      devices: row.devices,
      cameras: row.cameras,
    },
    today: wallClock(now, row.time_zone).date,
    utc_offset: utcOffset(now, row.time_zone),
  };
}
