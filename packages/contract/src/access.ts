import { z } from 'zod';
import { AccessLevelDoor } from './access-levels';
import { AcknowledgeAlertRequest, AlertIdParams, AlertResponse, AlertsQuery, AlertsResponse } from './alerts';
import { OkResponse } from './auth';
import { CalendarDate, IdParam, KeysetPageQuery, SiteQuery, Text } from './common';
import {
  CreateDeviceRequest,
  CreateDeviceResponse,
  DeviceConnectionRequest,
  DeviceIdentityResponse,
  DeviceIdParams,
  DeviceResponse,
  DevicesResponse,
  DoorStatusResponse,
  OpenDoorRequest,
  OpenDoorResponse,
  PushAck,
  PushSecretResponse,
  PushTokenParams,
  SimulateHikvisionRequest,
  SimulateHikvisionResponse,
  UpdateDeviceRequest,
} from './devices';
import { endpoint } from './endpoint';

/**
 * Building access control: door controllers push their events (Hikvision ISAPI) to Atrium; the
 * events become access logs, alerts, presence and attendance. Times are ISO 8601 with offset.
 */

/** A granted passage through a door. */
export const AccessAction = z.enum(['entry', 'exit']);
export type AccessAction = z.infer<typeof AccessAction>;
export const AccessResult = z.enum(['granted', 'denied']);
export type AccessResult = z.infer<typeof AccessResult>;

/** What a device event was, decided from its major/minor codes. */
export const AccessEventKind = z.enum(['granted', 'denied', 'door', 'alarm', 'device']);
export type AccessEventKind = z.infer<typeof AccessEventKind>;

/**
 * The spec's access log: one granted passage. The person is null for a card Atrium does not
 * know (the device let it through on its own list; the card number says who it was).
 */
export const AccessLog = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  department_name: z.string().nullable(),
  /** entry or exit for a granted passage; null for a denied attempt (nobody passed). */
  action: AccessAction.nullable(),
  /** Whether the door let the person through. */
  result: AccessResult,
  access_point: z.string(),
  /** The device's code as users see it (HK-101). */
  device_id: z.string(),
  timestamp: z.string(),
  card_no: z.string().nullable(),
  /** card, face, fingerprint, ... as the device reported; null when it did not say. */
  verify_mode: z.string().nullable(),
  /** The device sent a picture with the event (GET /access/events/{id}/picture; id is the event's id). */
  has_picture: z.boolean(),
  /** A camera watching that access point, for the Video button; null when none does. */
  camera_id: z.number().int().nullable(),
});
export type AccessLog = z.infer<typeof AccessLog>;

/** Any event a device sent, for a device's details and the admin's investigations. */
export const AccessEvent = z.object({
  id: z.number().int(),
  kind: AccessEventKind,
  /** entry or exit for granted passages, null otherwise. */
  action: AccessAction.nullable(),
  major: z.number().int(),
  minor: z.number().int(),
  /** What the code means ("Access granted by card"), or "Event 5/999" for codes not in the table. */
  label: z.string(),
  device_id: z.string(),
  access_point: z.string().nullable(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  card_no: z.string().nullable(),
  verify_mode: z.string().nullable(),
  /** Replayed by the device after an outage (`currentEvent: false`). */
  backlog: z.boolean(),
  has_picture: z.boolean(),
  /** The device's time of the event. */
  timestamp: z.string(),
  received_at: z.string(),
});
export type AccessEvent = z.infer<typeof AccessEvent>;

export const MyLogsQuery = KeysetPageQuery;
export const AccessLogsResponse = z.object({ logs: z.array(AccessLog), next_cursor: z.string().nullable() });
export type AccessLogsResponse = z.infer<typeof AccessLogsResponse>;

export const AccessStatus = z.object({
  /** in after an entry, out after an exit or with no passage at all. */
  status: z.enum(['in', 'out']),
  last_access: z.string().nullable(),
  /** Where the last passage was; null with no passage. */
  last_access_point: z.string().nullable(),
});
export type AccessStatus = z.infer<typeof AccessStatus>;
export const AccessStatusResponse = z.object({ status: AccessStatus });
export type AccessStatusResponse = z.infer<typeof AccessStatusResponse>;

export const AccessPermission = z.object({
  id: z.number().int(),
  /** The access level granted (named area_name since the demo: a level is named for its place). */
  area_name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'suspended', 'expired', 'pending']),
  /** Granted to the person, or through their department. */
  granted_via: z.enum(['person', 'department']),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** The level's doors and when each opens for the person. */
  doors: z.array(AccessLevelDoor),
});
export type AccessPermission = z.infer<typeof AccessPermission>;
export const AccessPermissionsResponse = z.object({ permissions: z.array(AccessPermission) });
export type AccessPermissionsResponse = z.infer<typeof AccessPermissionsResponse>;

export const MyAccessStats = z.object({
  today_entries: z.number().int(),
  /** Entries since the start of this week (Monday), on the organisation's clock. */
  week_entries: z.number().int(),
  /** Areas whose permission is active today. */
  authorized_areas: z.number().int(),
});
export type MyAccessStats = z.infer<typeof MyAccessStats>;
export const MyAccessStatsResponse = z.object({ stats: MyAccessStats });
export type MyAccessStatsResponse = z.infer<typeof MyAccessStatsResponse>;

/** The spec's web reader: records a passage for the caller. */
export const SimulateAccessRequest = z.object({
  action: AccessAction,
  access_point: Text(100).pipe(z.string().min(1, { error: 'is required' })),
  /** Kept on the log as sent (the spec's HK- plus three digits). */
  device_id: z
    .string({ error: 'must be text' })
    .regex(/^HK-\d{3}$/, { error: 'must be HK- followed by three digits' }),
});
export type SimulateAccessRequest = z.infer<typeof SimulateAccessRequest>;
export const SimulateAccessResponse = z.object({ log: AccessLog });
export type SimulateAccessResponse = z.infer<typeof SimulateAccessResponse>;

export const AccessStats = z.object({
  /** People whose last passage today is an entry. */
  in_building: z.number().int(),
  today_entries: z.number().int(),
  today_exits: z.number().int(),
  /** Alerts neither acknowledged nor resolved. */
  active_alerts: z.number().int(),
});
export type AccessStats = z.infer<typeof AccessStats>;
export const AccessStatsResponse = z.object({ stats: AccessStats });
export type AccessStatsResponse = z.infer<typeof AccessStatsResponse>;

export const AccessLogsQuery = z.object({
  /** Case-insensitive substring of the person's name or the access point. */
  search: Text(100).optional(),
  action: AccessAction.optional(),
  /** Granted passages or denied attempts; both when absent. */
  result: AccessResult.optional(),
  userId: IdParam.optional(),
  accessPointId: IdParam.optional(),
  /** Events of this site's devices; its dates are then that site's local dates. */
  siteId: IdParam.optional(),
  /** Local dates (the chosen site's, else the organisation's), inclusive. */
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  ...KeysetPageQuery.shape,
});
export type AccessLogsQuery = z.input<typeof AccessLogsQuery>;
/** The logs' filters without a page: the CSV holds every row the screen would list. */
export const AccessLogsExportQuery = AccessLogsQuery.omit({ cursor: true, limit: true });
export type AccessLogsExportQuery = z.input<typeof AccessLogsExportQuery>;

export const AccessPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  area_id: z.number().int(),
  area_name: z.string(),
  /** Granted passages here set check-in and check-out. */
  counts_for_attendance: z.boolean(),
  /** The site it is in: its controller's (a device added to it takes this site unless given one). */
  site_id: z.number().int(),
});
export type AccessPoint = z.infer<typeof AccessPoint>;
export const AccessPointsResponse = z.object({ accessPoints: z.array(AccessPoint) });
export type AccessPointsResponse = z.infer<typeof AccessPointsResponse>;

export const DeviceEventsQuery = KeysetPageQuery;
export const DeviceEventsResponse = z.object({
  events: z.array(AccessEvent),
  next_cursor: z.string().nullable(),
});
export type DeviceEventsResponse = z.infer<typeof DeviceEventsResponse>;

export const EventIdParams = z.object({ id: IdParam });

export const BadgeParams = z.object({ id: IdParam });
export const SetBadgeRequest = z.object({
  badge_number: z
    .string({ error: 'must be text' })
    .regex(/^[0-9A-Za-z-]{1,20}$/, { error: 'must be 1 to 20 letters, digits or hyphens' }),
});
export type SetBadgeRequest = z.infer<typeof SetBadgeRequest>;
export const BadgeResponse = z.object({
  user: z.object({ id: z.number().int(), employee_number: z.string(), badge_number: z.string() }),
});
export type BadgeResponse = z.infer<typeof BadgeResponse>;

export const accessApi = {
  /**
   * Where door controllers and counters push their events (Hikvision httpHosts): a JSON body,
   * an XML EventNotificationAlert, or multipart/form-data with a picture. The token in the path
   * authenticates the device; unknown token 401, unreadable body 400, over 2 MB 413.
   */
  devicePush: endpoint({
    method: 'POST',
    path: '/devices/isapi/:pushToken',
    audience: 'public',
    summary: 'Device push (Hikvision ISAPI): JSON, XML or multipart; answered once the event is committed',
    params: PushTokenParams,
    response: PushAck,
    responseCheck: 'types',
  }),

  // The signed-in person's own access (staff and admins alike).
  myLogs: endpoint({
    method: 'GET',
    path: '/access/my-logs',
    audience: 'user',
    query: MyLogsQuery,
    response: AccessLogsResponse,
  }),
  myStatus: endpoint({
    method: 'GET',
    path: '/access/my-status',
    audience: 'user',
    response: AccessStatusResponse,
  }),
  myPermissions: endpoint({
    method: 'GET',
    path: '/access/my-permissions',
    audience: 'user',
    response: AccessPermissionsResponse,
  }),
  myStats: endpoint({
    method: 'GET',
    path: '/access/my-stats',
    audience: 'user',
    response: MyAccessStatsResponse,
  }),
  simulate: endpoint({
    method: 'POST',
    path: '/access/simulate',
    audience: 'user',
    body: SimulateAccessRequest,
    response: SimulateAccessResponse,
  }),
  /** A picture the device sent with an event: administrators, or the person it shows. */
  eventPicture: endpoint({
    method: 'GET',
    path: '/access/events/:id/picture',
    audience: 'user',
    params: EventIdParams,
    produces: 'file',
  }),

  // Administrators.
  /** Today's figures: of one site (its people, its doors, its devices' alerts, on its own today) or of all. */
  stats: endpoint({
    method: 'GET',
    path: '/access/stats',
    audience: 'admin',
    query: SiteQuery,
    response: AccessStatsResponse,
  }),
  logs: endpoint({
    method: 'GET',
    path: '/access/logs',
    audience: 'admin',
    query: AccessLogsQuery,
    response: AccessLogsResponse,
  }),
  /** The access logs as CSV, streamed, filtered as the screen is: every row, newest first. */
  exportLogs: endpoint({
    method: 'GET',
    path: '/access/logs/export',
    audience: 'admin',
    query: AccessLogsExportQuery,
    produces: 'file',
  }),
  accessPoints: endpoint({
    method: 'GET',
    path: '/access/access-points',
    audience: 'admin',
    response: AccessPointsResponse,
  }),
  devices: endpoint({ method: 'GET', path: '/access/devices', audience: 'admin', response: DevicesResponse }),
  /** Asks a device what it is (deviceInfo, digest auth, 5 s at most): nothing is stored. */
  testDeviceConnection: endpoint({
    method: 'POST',
    path: '/access/devices/test-connection',
    audience: 'admin',
    body: DeviceConnectionRequest,
    response: DeviceIdentityResponse,
  }),
  createDevice: endpoint({
    method: 'POST',
    path: '/access/devices',
    audience: 'admin',
    status: 201,
    body: CreateDeviceRequest,
    response: CreateDeviceResponse,
  }),
  /** A new push secret set as the device's event target (httpHosts) and read back; audited. */
  setEventTarget: endpoint({
    method: 'POST',
    path: '/access/devices/:id/event-target',
    audience: 'admin',
    params: DeviceIdParams,
    response: DeviceResponse,
  }),
  /** Reads the controller's own people back and writes everything again; answered at once (202-like). */
  resyncDevice: endpoint({
    method: 'POST',
    path: '/access/devices/:id/resync',
    audience: 'admin',
    params: DeviceIdParams,
    response: DeviceResponse,
  }),
  /** Removes a device: its history stays, it stops being listed, watched or accepted. */
  removeDevice: endpoint({
    method: 'DELETE',
    path: '/access/devices/:id',
    audience: 'admin',
    params: DeviceIdParams,
    response: OkResponse,
  }),
  updateDevice: endpoint({
    method: 'PUT',
    path: '/access/devices/:id',
    audience: 'admin',
    params: DeviceIdParams,
    body: UpdateDeviceRequest,
    response: DeviceResponse,
  }),
  /** The same edit as PUT, as HTTP names a partial change. */
  patchDevice: endpoint({
    method: 'PATCH',
    path: '/access/devices/:id',
    audience: 'admin',
    params: DeviceIdParams,
    body: UpdateDeviceRequest,
    response: DeviceResponse,
  }),
  rotatePushSecret: endpoint({
    method: 'POST',
    path: '/access/devices/:id/push-secret',
    audience: 'admin',
    params: DeviceIdParams,
    response: PushSecretResponse,
  }),
  deviceEvents: endpoint({
    method: 'GET',
    path: '/access/devices/:id/events',
    audience: 'admin',
    params: DeviceIdParams,
    query: DeviceEventsQuery,
    response: DeviceEventsResponse,
  }),
  doorStatus: endpoint({
    method: 'GET',
    path: '/access/devices/:id/door-status',
    audience: 'admin',
    params: DeviceIdParams,
    response: DoorStatusResponse,
  }),
  openDoor: endpoint({
    method: 'POST',
    path: '/access/devices/:id/door/open',
    audience: 'admin',
    params: DeviceIdParams,
    body: OpenDoorRequest,
    response: OpenDoorResponse,
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/access/alerts',
    audience: 'admin',
    query: AlertsQuery,
    response: AlertsResponse,
  }),
  acknowledgeAlert: endpoint({
    method: 'POST',
    path: '/access/alerts/:id/acknowledge',
    audience: 'admin',
    params: AlertIdParams,
    body: AcknowledgeAlertRequest,
    response: AlertResponse,
  }),
  simulateHikvision: endpoint({
    method: 'POST',
    path: '/access/simulate-hikvision',
    audience: 'admin',
    body: SimulateHikvisionRequest,
    response: SimulateHikvisionResponse,
  }),
  /** Change a person's badge (card number the doors report). */
  setBadge: endpoint({
    method: 'PUT',
    path: '/access/people/:id/badge',
    audience: 'admin',
    params: BadgeParams,
    body: SetBadgeRequest,
    response: BadgeResponse,
  }),
};
