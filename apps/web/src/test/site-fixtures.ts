import type { Site } from '@atrium/contract';

/** A site as GET /api/sites answers it; the first (id 1) is the organisation's own. */
export const siteFixture = (id: number, name: string, timeZone = 'Europe/London'): Site => ({
  id,
  name,
  time_zone: timeZone,
  address: null,
  latitude: null,
  longitude: null,
  geofence_m: null,
  work_week: [1, 2, 3, 4, 5],
  is_first: id === 1,
  counts: { departments: 0, people: 0, devices: 0, cameras: 0 },
  today: '2026-07-08',
  utc_offset: '+01:00',
});

/** A fresh install: one site, so no site select or site label shows. */
export const ONE_SITE = { sites: [siteFixture(1, 'Head Office')] };
/** Two sites: site selects and labels show. */
export const TWO_SITES = {
  sites: [siteFixture(1, 'Head Office'), siteFixture(2, 'Singapore Warehouse', 'Asia/Singapore')],
};
