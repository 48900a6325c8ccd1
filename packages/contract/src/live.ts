import { z } from 'zod';

/** The first message a client sends on /ws: the spec's join message, carrying the access token. */
export const JoinMessage = z.object({
  type: z.literal('join'),
  userId: z.number().int().optional(),
  token: z.string(),
});
export type JoinMessage = z.infer<typeof JoinMessage>;

/**
 * Events the server pushes to sockets. Each names what changed; screens refetch or patch
 * their queries. Later features add their events here so both ends agree on the shape.
 */
export const LiveEvents = {
  joined: z.object({ userId: z.number().int(), role: z.string() }),
  auth_error: z.object({ message: z.string() }),
  attendance_update: z.object({ userId: z.number().int(), date: z.string(), action: z.string() }),
  leave_application_update: z.object({ applicationId: z.number().int(), status: z.string() }),
  leave_status_notification: z.object({
    message: z.string(),
    type: z.string(),
    user: z.object({ id: z.number().int(), name: z.string() }),
  }),
  access_log_update: z.object({
    user: z.object({ id: z.number().int(), name: z.string() }),
    action: z.string(),
    access_point: z.string(),
  }),
  device_event: z.object({ eventType: z.string(), deviceId: z.string() }),
} as const;

export type LiveEventType = keyof typeof LiveEvents;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof LiveEvents)[T]>;
export type LiveMessage = { [K in LiveEventType]: { type: K; data: LiveEventData<K> } }[LiveEventType];
