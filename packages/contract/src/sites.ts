import { z } from 'zod';
import { OkResponse } from './auth';
import { IdParam, Text } from './common';
import { endpoint } from './endpoint';
import { OrganisationSettingsRequest, TimeZoneName } from './organisation';

/**
 * Sites: the organisation's buildings, each with its own time zone and work week. The first site
 * (lowest id) is the organisation's own: its zone and work week are the ones Organisation >
 * Settings shows, and it cannot be removed.
 */

/** The same rule as the organisation's default work week (the first site's is that one). */
const WorkWeek = OrganisationSettingsRequest.shape.workWeek;

const SiteName = Text(80).min(1, { error: 'is required' });
const Address = Text(200).nullable();
const Latitude = z
  .number({ error: 'must be a number' })
  .min(-90, { error: 'must be from -90 to 90' })
  .max(90, { error: 'must be from -90 to 90' })
  .nullable();
const Longitude = z
  .number({ error: 'must be a number' })
  .min(-180, { error: 'must be from -180 to 180' })
  .max(180, { error: 'must be from -180 to 180' })
  .nullable();
/** Metres around the coordinates that count as being at the site (offline and kiosk clocking). */
const GeofenceM = z
  .number({ error: 'must be a whole number of metres' })
  .int({ error: 'must be a whole number of metres' })
  .min(10, { error: 'must be from 10 to 100000 metres' })
  .max(100_000, { error: 'must be from 10 to 100000 metres' })
  .nullable();

/** A point is both coordinates or none: one alone places the site nowhere. */
const coordinatesTogether = (body: { latitude?: number | null; longitude?: number | null }) =>
  (body.latitude ?? null) === null ? (body.longitude ?? null) === null : (body.longitude ?? null) !== null;
const coordinatesRule = {
  error: 'must be given together with latitude (both or neither)',
  path: ['longitude'],
};

export const SiteCounts = z.object({
  departments: z.number().int(),
  /** People whose site this is: their own, or else their department's. */
  people: z.number().int(),
  /** Door controllers and people counters. */
  devices: z.number().int(),
  cameras: z.number().int(),
});

export const Site = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geofence_m: z.number().int().nullable(),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  work_week: z.array(z.number().int()),
  /** The organisation's own site: its zone is the organisation's; it cannot be removed. */
  is_first: z.boolean(),
  counts: SiteCounts,
  /** The site's own date at the moment of the answer, YYYY-MM-DD. */
  today: z.string(),
  /** The site's offset from UTC at the moment of the answer, e.g. "+08:00". */
  utc_offset: z.string(),
});
export type Site = z.infer<typeof Site>;

export const SitesResponse = z.object({ sites: z.array(Site) });
export type SitesResponse = z.infer<typeof SitesResponse>;
export const SiteResponse = z.object({ site: Site });
export type SiteResponse = z.infer<typeof SiteResponse>;

export const CreateSiteRequest = z
  .object({
    name: SiteName,
    timeZone: TimeZoneName,
    address: Address.optional(),
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
    geofenceM: GeofenceM.optional(),
    workWeek: WorkWeek,
  })
  .refine(coordinatesTogether, coordinatesRule);
export type CreateSiteRequest = z.infer<typeof CreateSiteRequest>;

/** Fields left out stay as they are; latitude and longitude change together. */
export const UpdateSiteRequest = z
  .object({
    name: SiteName.optional(),
    timeZone: TimeZoneName.optional(),
    address: Address.optional(),
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
    geofenceM: GeofenceM.optional(),
    workWeek: WorkWeek.optional(),
  })
  .refine(
    (body) => (body.latitude === undefined) === (body.longitude === undefined) && coordinatesTogether(body),
    coordinatesRule,
  );
export type UpdateSiteRequest = z.infer<typeof UpdateSiteRequest>;

const SiteParams = z.object({ id: IdParam });

export const sitesApi = {
  list: endpoint({
    method: 'GET',
    path: '/sites',
    audience: 'user',
    summary: 'The sites, each with its zone, its own "today" and what belongs to it',
    response: SitesResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/sites',
    audience: 'admin',
    summary: 'Add a site (audited)',
    status: 201,
    body: CreateSiteRequest,
    response: SiteResponse,
    errors: [409],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/sites/:id',
    audience: 'admin',
    summary: "Change a site (audited; a new zone changes what 'today' means there)",
    params: SiteParams,
    body: UpdateSiteRequest,
    response: SiteResponse,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/sites/:id',
    audience: 'admin',
    summary: 'Remove a site nothing belongs to any more (never the organisation’s own)',
    params: SiteParams,
    response: OkResponse,
    errors: [409],
  }),
};
