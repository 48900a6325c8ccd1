import { z } from 'zod';
import { CalendarDate, Cursor, Id, IdParam, QueryInt, SafeString, Text } from './common';
import { endpoint } from './endpoint';

/**
 * Building access control: door controllers push their events (Hikvision ISAPI) to Atrium; the
 * events become access logs, alerts, presence and attendance. Times are ISO 8601 with offset.
 */

/** A granted passage through a door. */
export const AccessAction = z.enum(['entry', 'exit']);
export type AccessAction = z.infer<typeof AccessAction>;

/** What a device event was, decided from its major/minor codes. */
export const AccessEventKind = z.enum(['granted', 'denied', 'door', 'alarm', 'device']);
export type AccessEventKind = z.infer<typeof AccessEventKind>;

export const DeviceStatus = z.enum(['online', 'offline', 'maintenance']);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** Which passages a device's readers record: `both` means reader 1 is entry, reader 2 exit. */
export const DeviceDirection = z.enum(['entry', 'exit', 'both']);
export type DeviceDirection = z.infer<typeof DeviceDirection>;

export const DeviceType = z.enum(['access_controller', 'counter']);
export type DeviceType = z.infer<typeof DeviceType>;

export const AlertSource = z.enum(['access', 'video', 'counting', 'system']);
export type AlertSource = z.infer<typeof AlertSource>;
export const AlertSeverity = z.enum(['low', 'medium', 'high', 'critical']);
export type AlertSeverity = z.infer<typeof AlertSeverity>;
/** active: needs attention; acknowledged: someone has seen it; resolved: the cause went away. */
export const AlertState = z.enum(['active', 'acknowledged', 'resolved']);
export type AlertState = z.infer<typeof AlertState>;

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
  action: AccessAction,
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

const PageQuery = {
  cursor: Cursor.optional(),
  limit: QueryInt(1, 100).default(50),
};

export const MyLogsQuery = z.object(PageQuery);
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
  area_name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'suspended', 'expired', 'pending']),
  /** Granted to the person, or through their department. */
  granted_via: z.enum(['person', 'department']),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
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
  userId: IdParam.optional(),
  accessPointId: IdParam.optional(),
  /** Organisation-local dates, inclusive. */
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  ...PageQuery,
});
export type AccessLogsQuery = z.input<typeof AccessLogsQuery>;

export const AccessPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  area_id: z.number().int(),
  area_name: z.string(),
  /** Granted passages here set check-in and check-out. */
  counts_for_attendance: z.boolean(),
});
export type AccessPoint = z.infer<typeof AccessPoint>;
export const AccessPointsResponse = z.object({ accessPoints: z.array(AccessPoint) });
export type AccessPointsResponse = z.infer<typeof AccessPointsResponse>;

/** A device as the admin sees it; secrets and command passwords never leave the server. */
export const Device = z.object({
  id: z.number().int(),
  device_id: z.string(),
  name: z.string(),
  type: DeviceType,
  model: z.string().nullable(),
  status: DeviceStatus,
  location: z.string(),
  access_point_id: z.number().int().nullable(),
  access_point: z.string().nullable(),
  direction: DeviceDirection,
  /** Where Atrium sends commands (http://host:port). */
  address: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  has_push_secret: z.boolean(),
  has_credentials: z.boolean(),
});
export type Device = z.infer<typeof Device>;
export const DevicesResponse = z.object({ devices: z.array(Device) });
export type DevicesResponse = z.infer<typeof DevicesResponse>;
export const DeviceResponse = z.object({ device: Device });
export type DeviceResponse = z.infer<typeof DeviceResponse>;

export const DeviceIdParams = z.object({ id: IdParam });

export const UpdateDeviceRequest = z.object({
  name: Text(100)
    .pipe(z.string().min(1, { error: 'is required' }))
    .optional(),
  location: Text(200).optional(),
  access_point_id: Id.nullable().optional(),
  direction: DeviceDirection.optional(),
  /** true puts the device in maintenance (no offline alerts); false takes it out. */
  maintenance: z.boolean().optional(),
  address: z
    .url({ error: 'must be an http:// or https:// address', protocol: /^https?$/ })
    .max(200, { error: 'must be at most 200 characters' })
    .nullable()
    .optional(),
  username: Text(64).optional(),
  password: SafeString.max(128, { error: 'must be at most 128 characters' }).optional(),
});
export type UpdateDeviceRequest = z.infer<typeof UpdateDeviceRequest>;

/** The push URL with a fresh secret inside it: shown once, the old one stops working. */
export const PushSecretResponse = z.object({ pushUrl: z.string() });
export type PushSecretResponse = z.infer<typeof PushSecretResponse>;

export const DeviceEventsQuery = z.object(PageQuery);
export const DeviceEventsResponse = z.object({
  events: z.array(AccessEvent),
  next_cursor: z.string().nullable(),
});
export type DeviceEventsResponse = z.infer<typeof DeviceEventsResponse>;

/** What the controller answered to AcsWorkStatus; reachable false when it did not answer. */
export const DoorStatus = z.object({
  reachable: z.boolean(),
  door: z.enum(['open', 'closed']).nullable(),
  lock: z.enum(['locked', 'unlocked']).nullable(),
  readers_online: z.number().int().nullable(),
  readers_total: z.number().int().nullable(),
  power: z.string().nullable(),
  /** Why it was not reachable, in words. */
  message: z.string().nullable(),
});
export type DoorStatus = z.infer<typeof DoorStatus>;
export const DoorStatusResponse = z.object({ doorStatus: DoorStatus });
export type DoorStatusResponse = z.infer<typeof DoorStatusResponse>;

export const OpenDoorRequest = z
  .object({ door: z.number().int().min(1).max(8).default(1) })
  .default({ door: 1 });
export const OpenDoorResponse = z.object({
  result: z.object({
    ok: z.boolean(),
    /** The device's ResponseStatus statusCode (1 is OK); null when it did not answer. */
    statusCode: z.number().int().nullable(),
    statusString: z.string(),
  }),
});
export type OpenDoorResponse = z.infer<typeof OpenDoorResponse>;

export const Alert = z.object({
  id: z.number().int(),
  source: AlertSource,
  /** access_denied, door_forced_open, door_held_open, device_tamper, reader_tamper, duress, device_offline, ... */
  kind: z.string(),
  severity: AlertSeverity,
  state: AlertState,
  message: z.string(),
  device_id: z.string().nullable(),
  camera_id: z.number().int().nullable(),
  timestamp: z.string(),
  resolved_at: z.string().nullable(),
  acknowledged_by: z.number().int().nullable(),
  acknowledged_by_name: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledge_note: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertsQuery = z.object({
  /** Default: active and acknowledged-but-unresolved first, newest first within each. */
  state: AlertState.optional(),
  source: AlertSource.optional(),
  severity: AlertSeverity.optional(),
  ...PageQuery,
});
export type AlertsQuery = z.input<typeof AlertsQuery>;
export const AlertsResponse = z.object({ alerts: z.array(Alert), next_cursor: z.string().nullable() });
export type AlertsResponse = z.infer<typeof AlertsResponse>;
export const AlertIdParams = z.object({ id: IdParam });
export const AcknowledgeAlertRequest = z.object({ note: Text(500).optional() }).default({});
export const AlertResponse = z.object({ alert: Alert });
export type AlertResponse = z.infer<typeof AlertResponse>;

/** What the spec's Simulate Event button can make a simulated device send. */
export const SimulatedEventType = z.enum([
  'access_control',
  'access_granted_face',
  'access_denied',
  'door_forced_open',
  'door_held_open',
  'tamper',
  'remote_open',
]);
export type SimulatedEventType = z.infer<typeof SimulatedEventType>;
export const SimulateHikvisionRequest = z.object({
  deviceId: Text(32).min(1, { error: 'is required' }),
  eventType: SimulatedEventType.default('access_control'),
  userId: Id,
});
export type SimulateHikvisionRequest = z.input<typeof SimulateHikvisionRequest>;
export const SimulateHikvisionResponse = z.object({
  result: z.object({
    deviceId: z.string(),
    eventType: SimulatedEventType,
    serialNo: z.number().int(),
    /** Atrium answered the device's push with 200. */
    delivered: z.boolean(),
  }),
});
export type SimulateHikvisionResponse = z.infer<typeof SimulateHikvisionResponse>;

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

/** The secret in a device's push URL. */
export const PushTokenParams = z.object({
  pushToken: SafeString.max(200, { error: 'must be at most 200 characters' }),
});
/** What Atrium answers a device's push, once the event is committed. */
export const PushAck = z.object({
  statusCode: z.literal(1),
  statusString: z.literal('OK'),
  /** stored, duplicate (sent before: stored once), heartbeat, handled (another domain's event), ignored. */
  result: z.enum(['stored', 'duplicate', 'heartbeat', 'handled', 'ignored']),
});

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
  stats: endpoint({ method: 'GET', path: '/access/stats', audience: 'admin', response: AccessStatsResponse }),
  logs: endpoint({
    method: 'GET',
    path: '/access/logs',
    audience: 'admin',
    query: AccessLogsQuery,
    response: AccessLogsResponse,
  }),
  accessPoints: endpoint({
    method: 'GET',
    path: '/access/access-points',
    audience: 'admin',
    response: AccessPointsResponse,
  }),
  devices: endpoint({ method: 'GET', path: '/access/devices', audience: 'admin', response: DevicesResponse }),
  updateDevice: endpoint({
    method: 'PUT',
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
