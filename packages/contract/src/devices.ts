import { z } from 'zod';
import { Id, IdParam, SafeString, Text } from './common';

/**
 * Door controllers and counters as Atrium registers and commands them, and what they send and
 * are answered over ISAPI. Their endpoints are in `accessApi` (access.ts).
 */

export const DeviceStatus = z.enum(['online', 'offline', 'maintenance']);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** Which passages a device's readers record: `both` means reader 1 is entry, reader 2 exit. */
export const DeviceDirection = z.enum(['entry', 'exit', 'both']);
export type DeviceDirection = z.infer<typeof DeviceDirection>;

export const DeviceType = z.enum(['access_controller', 'counter']);
export type DeviceType = z.infer<typeof DeviceType>;

/**
 * Whether a controller holds the people and cards Atrium means it to (device sync): `in_sync`,
 * `pending` (changes waiting: written now, or when an unreachable device returns), `error` (the
 * last attempt failed; tried again at `retry_at`), `unmanaged` (no address or credentials, in
 * maintenance, or a counter: nothing is written to it).
 */
export const DeviceSync = z.object({
  state: z.enum(['in_sync', 'pending', 'error', 'unmanaged']),
  /** Changes not yet accepted by the device, of `total` when this round began. */
  pending: z.number().int(),
  total: z.number().int(),
  /** People Atrium has written to the device. */
  people: z.number().int(),
  synced_at: z.string().nullable(),
  error: z.string().nullable(),
  retry_at: z.string().nullable(),
});
export type DeviceSync = z.infer<typeof DeviceSync>;

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
  /** The site (building) the device is in; its access point is in the same one. */
  site_id: z.number().int(),
  site: z.string(),
  direction: DeviceDirection,
  /** Where Atrium sends commands (http://host:port). */
  address: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  has_push_secret: z.boolean(),
  has_credentials: z.boolean(),
  /** What the device said it is when it was added (ISAPI deviceInfo); null for seeded devices. */
  serial_number: z.string().nullable(),
  firmware_version: z.string().nullable(),
  mac_address: z.string().nullable(),
  /** When Atrium last set the device's event target (httpHosts) and read it back; null if never. */
  push_configured_at: z.string().nullable(),
  /** Why the last attempt to set it failed; null after one that worked. */
  push_error: z.string().nullable(),
  sync: DeviceSync,
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
  /** The site it is in; its access point moves with it. */
  site_id: Id.optional(),
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

const DeviceAddress = z
  .url({ error: 'must be an http:// or https:// address', protocol: /^https?$/ })
  .max(200, { error: 'must be at most 200 characters' });

/** Where a device answers and the digest credentials it wants: what "Test connection" tries. */
export const DeviceConnectionRequest = z.object({
  address: DeviceAddress,
  username: Text(64).pipe(z.string().min(1, { error: 'is required' })),
  password: SafeString.min(1, { error: 'is required' }).max(128, { error: 'must be at most 128 characters' }),
});
export type DeviceConnectionRequest = z.infer<typeof DeviceConnectionRequest>;

/** What `GET /ISAPI/System/deviceInfo` answered. */
export const DeviceIdentity = z.object({
  deviceName: z.string().nullable(),
  model: z.string(),
  serialNumber: z.string(),
  firmwareVersion: z.string().nullable(),
  macAddress: z.string().nullable(),
  deviceType: z.string().nullable(),
});
export type DeviceIdentity = z.infer<typeof DeviceIdentity>;
export const DeviceIdentityResponse = z.object({ identity: DeviceIdentity });
export type DeviceIdentityResponse = z.infer<typeof DeviceIdentityResponse>;

/** A device added from the screen: Atrium identifies it first (deviceInfo), then registers it. */
export const CreateDeviceRequest = DeviceConnectionRequest.extend({
  type: DeviceType,
  name: Text(100).pipe(z.string().min(1, { error: 'is required' })),
  /** The code people see and devices report; the serial number unless named. */
  device_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, - or _' })
    .optional(),
  location: Text(200).default(''),
  /** Door controllers: the door they guard, and which way their readers count. */
  access_point_id: Id.nullable().default(null),
  direction: DeviceDirection.default('both'),
  /**
   * The site it is in: without it, its access point's site (or the organisation's first site).
   * Its access point moves to the device's site.
   */
  site_id: Id.optional(),
});
export type CreateDeviceRequest = z.input<typeof CreateDeviceRequest>;

/**
 * The device, what it said it is, and its push URL with the secret inside (shown once). Atrium
 * has already tried to set it as the device's event target: `device.push_error` says if that failed.
 */
export const CreateDeviceResponse = z.object({
  device: Device,
  identity: DeviceIdentity,
  pushUrl: z.string(),
});
export type CreateDeviceResponse = z.infer<typeof CreateDeviceResponse>;

/** The push URL with a fresh secret inside it: shown once, the old one stops working. */
export const PushSecretResponse = z.object({ pushUrl: z.string() });
export type PushSecretResponse = z.infer<typeof PushSecretResponse>;

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
/** The events a person makes at the door (their card or face); the others involve nobody. */
export const PERSON_EVENT_TYPES: readonly SimulatedEventType[] = [
  'access_control',
  'access_granted_face',
  'access_denied',
];
export const SimulateHikvisionRequest = z
  .object({
    deviceId: Text(32).min(1, { error: 'is required' }),
    eventType: SimulatedEventType.default('access_control'),
    /** Who swiped: required for the person events, ignored for the others. */
    userId: Id.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.userId === undefined && PERSON_EVENT_TYPES.includes(body.eventType))
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'is required for this event' });
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
