import { z } from 'zod';
import { AccessAction, AccessEventKind } from './access';
import { AlertSeverity, AlertSource } from './alerts';
import { AttendanceAction } from './attendance';
import { CorrectionRequestStatus } from './attendance-requests';
import { SessionRole } from './auth';
import { DeviceStatus } from './devices';
import { LeaveNotificationType, LeaveStatus } from './leave';

/** The first message a client sends on /ws: the spec's join message, carrying the access token. */
export const JoinMessage = z.object({
  type: z.literal('join'),
  userId: z.number().int().optional(),
  token: z.string(),
  /**
   * The `seq` of the last message this client received (or of its last `joined`), when it joins
   * again: the server first sends what it missed since, or `reload` when that is no longer known.
   */
  since: z.number().int().nonnegative().optional(),
});
export type JoinMessage = z.infer<typeof JoinMessage>;

/**
 * Events the server pushes to sockets. Each names what changed; screens refetch or patch
 * their queries. Later features add their events here so both ends agree on the shape.
 */
export const LiveEvents = {
  /** `seq`: where this socket's stream stands, for the next join's `since`. */
  joined: z.object({ userId: z.number().int(), role: SessionRole, seq: z.number().int().nonnegative() }),
  /** The events missed since the join's `since` are no longer all known: refetch everything. */
  reload: z.object({}),
  auth_error: z.object({ message: z.string() }),
  attendance_update: z.object({ userId: z.number().int(), date: z.string(), action: AttendanceAction }),
  /** A correction request was made, decided or withdrawn: to the requester and to admins. */
  attendance_request_update: z.object({
    requestId: z.number().int(),
    userId: z.number().int(),
    date: z.string(),
    status: CorrectionRequestStatus,
  }),
  leave_application_update: z.object({ applicationId: z.number().int(), status: LeaveStatus }),
  leave_status_notification: z.object({
    message: z.string(),
    /** The toast to show: success for an approval, error for a rejection. */
    type: LeaveNotificationType,
    user: z.object({ id: z.number().int(), name: z.string() }),
  }),
  /** A granted passage of a known person: to that person and to admins (not for replayed backlog). */
  access_log_update: z.object({
    user: z.object({ id: z.number().int(), name: z.string() }),
    action: AccessAction,
    access_point: z.string(),
    device_id: z.string(),
    timestamp: z.string(),
    log_id: z.number().int(),
  }),
  /** Anything a door device reported (not heartbeats, not backlog): to admins. */
  device_event: z.object({
    /** Machine name of what happened: access_granted, access_denied, door_forced_open, ... or event_5_999. */
    eventType: z.string(),
    /** The device's code (HK-101). */
    deviceId: z.string(),
    /** The code's meaning in words ("Door forced open"), for the toast. */
    label: z.string(),
    kind: AccessEventKind,
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    access_point: z.string().nullable(),
    timestamp: z.string(),
  }),
  /** A new alert (door, camera, counter, system): to admins. Toast: "Hikvision Alert: {label} - Device {device_id}". */
  access_alert: z.object({
    id: z.number().int(),
    source: AlertSource,
    kind: z.string(),
    label: z.string(),
    severity: AlertSeverity,
    message: z.string(),
    device_id: z.string().nullable(),
    timestamp: z.string(),
  }),
  /** A device went online, offline, into or out of maintenance, or an alert was acknowledged/resolved. */
  device_status: z.object({
    id: z.number().int(),
    deviceId: z.string(),
    status: DeviceStatus,
    last_seen_at: z.string().nullable(),
  }),
  /** A camera turned online or offline (what its supervisor sees): to admins. */
  video_camera_status: z.object({
    cameraId: z.number().int(),
    status: z.enum(['online', 'offline']),
    at: z.string(),
  }),
  /** A motion, offline or online event of a camera was recorded or ended: to admins. */
  video_event: z.object({
    id: z.number().int(),
    cameraId: z.number().int(),
    kind: z.enum(['motion', 'offline', 'online']),
    ended: z.boolean(),
  }),
  /** A counter's counts changed (a new window or reading): to admins. */
  counting_update: z.object({
    deviceId: z.string(),
    entries: z.number().int(),
    exits: z.number().int(),
    passby: z.number().int(),
  }),
} as const;

export type LiveEventType = keyof typeof LiveEvents;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof LiveEvents)[T]>;
/** `seq`: the event's number in the server's event log, for a later join's `since`. */
export type LiveMessage = {
  [K in LiveEventType]: { type: K; data: LiveEventData<K>; seq?: number };
}[LiveEventType];
