import { z } from 'zod';
import { Id, IdParam, QueryInt, Text } from './common';
import { PushSecretResponse, PushTokenParams } from './devices';
import { endpoint } from './endpoint';

/**
 * Video surveillance: cameras read by supervised ffmpeg pipelines, live HLS, recordings,
 * motion events and the figures computed from them. Every endpoint is for administrators;
 * media (playlists, segments, snapshots) also accept a short-lived signed token `t`, because a
 * <video> or <img> element cannot send a bearer header.
 */

export const CameraStatus = z.enum(['online', 'offline']);
export type CameraStatus = z.infer<typeof CameraStatus>;

export const VideoEventKind = z.enum(['motion', 'offline', 'online']);
export type VideoEventKind = z.infer<typeof VideoEventKind>;

/** An instant as an ISO 8601 date-time with an offset (2026-11-20T10:15:00Z). */
export const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date-time as ISO 8601 with an offset',
});

/** Stream addresses ffmpeg may read; anything else (file:, concat:, pipe:) is refused. */
const STREAM_SCHEMES = ['rtsp:', 'rtsps:', 'http:', 'https:', 'rtmp:', 'srt:', 'udp:', 'tcp:'];

/** scheme://[user[:password]@]host[:port][/path...] with one of the schemes above. */
const STREAM_URL =
  /^([a-z]+:)\/\/(?:[^@/\s]*@)?(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?(?:[/?#]\S*)?$/;

export const StreamUrl = Text(2000)
  .min(1, { error: 'is required' })
  .refine(
    (value) => {
      const scheme = STREAM_URL.exec(value)?.[1];
      return scheme !== undefined && STREAM_SCHEMES.includes(scheme);
    },
    { error: `must be a URL starting with ${STREAM_SCHEMES.map((s) => `${s}//`).join(', ')}` },
  );

export const Camera = z.object({
  id: z.number().int(),
  /** Short code shown as the device id in alerts (CAM-01). */
  code: z.string(),
  name: z.string(),
  location: z.string(),
  status: CameraStatus,
  status_changed_at: z.string(),
  enabled: z.boolean(),
  /** The address with any password replaced by `****`; sending it back unchanged keeps the password. */
  stream_url: z.string(),
  access_point_id: z.number().int().nullable(),
  access_point_name: z.string().nullable(),
  /** The site (building) it watches. */
  site_id: z.number().int(),
  site: z.string(),
  recording_enabled: z.boolean(),
  /** True while recording is paused because the disk is short of free space. */
  recording_paused: z.boolean(),
  retention_hours: z.number().int(),
  retention_max_mb: z.number().int(),
  motion_sensitivity: z.number().int(),
  /** Ready to use as they are: already authorised for the caller for a while. */
  live_url: z.string(),
  snapshot_url: z.string(),
  /** The signed token the two URLs carry, for the camera's other media (playback). */
  media_token: z.string(),
  /** The camera has a push URL for its own events (ISAPI VMD); the URL is shown once, when made. */
  push_configured: z.boolean(),
});
export type Camera = z.infer<typeof Camera>;

export const CamerasResponse = z.object({ cameras: z.array(Camera) });
export const CameraResponse = z.object({ camera: Camera });

export const CameraInput = z.object({
  name: Text(100).min(1, { error: 'is required' }),
  location: Text(200).default(''),
  stream_url: StreamUrl,
  access_point_id: Id.nullable().default(null),
  /** The site it watches: a new camera without it is at the organisation's first site; an edit without it keeps its site. */
  site_id: Id.optional(),
  recording_enabled: z.boolean().default(true),
  retention_hours: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(8760, { error: 'must be at most 8760 (a year)' })
    .default(72),
  retention_max_mb: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(10, { error: 'must be at least 10' })
    .max(10_000_000, { error: 'must be at most 10000000' })
    .default(2048),
  motion_sensitivity: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100, { error: 'must be at most 100' })
    .default(60),
  enabled: z.boolean().default(true),
});
export type CameraInput = z.input<typeof CameraInput>;

export const CameraIdParams = z.object({ id: IdParam });

export const TestConnectionRequest = z.object({
  /** A new address to try; without it the camera's stored address is tried. */
  stream_url: StreamUrl.optional(),
  camera_id: Id.optional(),
});
export const TestConnectionResponse = z.object({
  ok: z.boolean(),
  codec: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  fps: z.number().nullable(),
  /** What went wrong, in ffmpeg's words, when `ok` is false. */
  error: z.string().nullable(),
});
export type TestConnectionResponse = z.infer<typeof TestConnectionResponse>;

export const VideoStats = z.object({
  motion_events_today: z.number().int(),
  active_cameras: z.number().int(),
  /** Share of the last 24 hours the enabled cameras were online, 0-100, one decimal. */
  uptime_percent: z.number(),
});
export const VideoStatsResponse = z.object({ stats: VideoStats });

export const VideoEvent = z.object({
  id: z.number().int(),
  camera_id: z.number().int(),
  camera_name: z.string(),
  kind: VideoEventKind,
  /** 'detector': Atrium's own motion detection; 'camera': pushed by the camera (ISAPI). */
  source: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  detail: z.string().nullable(),
  snapshot_url: z.string().nullable(),
});
export type VideoEvent = z.infer<typeof VideoEvent>;

export const VideoEventsQuery = z.object({
  camera_id: IdParam.optional(),
  kind: VideoEventKind.optional(),
  /** Keyset cursor: the `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{13}_\d{1,19}$/, { error: 'must be a cursor returned by the previous page' })
    .optional(),
  limit: QueryInt(1, 100).default(20),
});
export const VideoEventsResponse = z.object({
  events: z.array(VideoEvent),
  next_cursor: z.string().nullable(),
});

export const TimelineQuery = z.object({ from: Instant, to: Instant });
export const TimelineResponse = z.object({
  spans: z.array(z.object({ from: z.string(), to: z.string() })),
  motion: z.array(z.object({ from: z.string(), to: z.string().nullable() })),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;

/** Media are read with either the bearer token or the signed token `t` from the camera list. */
export const MediaQuery = z.object({ t: z.string().max(200).optional() });
export const PlaybackQuery = MediaQuery.extend({ from: Instant, to: Instant });
export const LiveFileParams = z.object({
  id: IdParam,
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(m3u8|ts)$/, { error: 'must be a playlist or segment name' }),
});
export const SegmentParams = z.object({ id: IdParam, segment: IdParam });
export const EventSnapshotParams = z.object({ id: IdParam, event: IdParam });
export const AccessSnapshotParams = z.object({ event: IdParam });

export const ClipRequest = z.object({ from: Instant, to: Instant });

/** What Atrium answers a camera's push, once it is committed. */
export const CameraPushAck = z.object({
  statusCode: z.literal(1),
  statusString: z.literal('OK'),
  /**
   * opened (a motion event began), extended (the camera repeats "active" while motion lasts),
   * closed, heartbeat, ignored (an event type that is not motion, or "inactive" with nothing open).
   */
  result: z.enum(['opened', 'extended', 'closed', 'heartbeat', 'ignored']),
  event_id: z.number().int().nullable(),
});

export const videoApi = {
  cameras: endpoint({ method: 'GET', path: '/video/cameras', audience: 'admin', response: CamerasResponse }),
  createCamera: endpoint({
    method: 'POST',
    path: '/video/cameras',
    audience: 'admin',
    status: 201,
    body: CameraInput,
    response: CameraResponse,
  }),
  updateCamera: endpoint({
    method: 'PUT',
    path: '/video/cameras/:id',
    audience: 'admin',
    params: CameraIdParams,
    body: CameraInput,
    response: CameraResponse,
  }),
  deleteCamera: endpoint({
    method: 'DELETE',
    path: '/video/cameras/:id',
    audience: 'admin',
    params: CameraIdParams,
    response: z.object({ deleted: z.boolean() }),
  }),
  testConnection: endpoint({
    method: 'POST',
    path: '/video/cameras/test-connection',
    audience: 'admin',
    body: TestConnectionRequest,
    response: TestConnectionResponse,
  }),
  stats: endpoint({ method: 'GET', path: '/video/stats', audience: 'admin', response: VideoStatsResponse }),
  events: endpoint({
    method: 'GET',
    path: '/video/events',
    audience: 'admin',
    query: VideoEventsQuery,
    response: VideoEventsResponse,
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/video/cameras/:id/timeline',
    audience: 'admin',
    params: CameraIdParams,
    query: TimelineQuery,
    response: TimelineResponse,
  }),
  clip: endpoint({
    method: 'POST',
    path: '/video/cameras/:id/clips',
    audience: 'admin',
    params: CameraIdParams,
    body: ClipRequest,
    produces: 'file',
  }),
  /** A new push URL for the camera's own events; the previous one stops working. */
  rotateCameraPushSecret: endpoint({
    method: 'POST',
    path: '/video/cameras/:id/push-secret',
    audience: 'admin',
    params: CameraIdParams,
    response: PushSecretResponse,
  }),
  /**
   * Where a camera (ISAPI httpHosts) pushes its EventNotificationAlert: XML, JSON or multipart.
   * VMD, fielddetection and linedetection are motion. The token in the path is the camera's;
   * unknown token 401, unreadable body 400.
   */
  cameraPush: endpoint({
    method: 'POST',
    path: '/video/isapi/:pushToken',
    audience: 'public',
    summary: 'Camera push (Hikvision ISAPI VMD): motion events the camera detects itself',
    params: PushTokenParams,
    response: CameraPushAck,
  }),
  // Media: GET files, authorised by bearer or signed token.
  live: endpoint({
    method: 'GET',
    path: '/video/media/:id/live/:file',
    audience: 'admin',
    params: LiveFileParams,
    query: MediaQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
  snapshot: endpoint({
    method: 'GET',
    path: '/video/media/:id/snapshot.jpg',
    audience: 'admin',
    params: CameraIdParams,
    query: MediaQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
  playback: endpoint({
    method: 'GET',
    path: '/video/cameras/:id/playback',
    audience: 'admin',
    params: CameraIdParams,
    query: PlaybackQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
  segment: endpoint({
    method: 'GET',
    path: '/video/media/:id/recordings/:segment',
    audience: 'admin',
    params: SegmentParams,
    query: MediaQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
  /** The camera's picture of an access event's moment (404 when no camera caught it). */
  accessSnapshot: endpoint({
    method: 'GET',
    path: '/video/access-events/:event/snapshot',
    audience: 'admin',
    params: AccessSnapshotParams,
    query: MediaQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
  eventSnapshot: endpoint({
    method: 'GET',
    path: '/video/media/:id/events/:event',
    audience: 'admin',
    params: EventSnapshotParams,
    query: MediaQuery,
    produces: 'file',
    authenticatedBy: 'handler',
  }),
};
