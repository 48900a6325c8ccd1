import { z } from 'zod';
import { OkResponse } from './auth';
import { IdParam, KeysetPageQuery } from './common';
import { endpoint } from './endpoint';

/**
 * What another system can be told, by domain. Each is delivered as a Standard Webhooks message
 * `{type, timestamp, data}`; docs/api.md lists the fields of each `data`.
 */
export const WEBHOOK_EVENT_GROUPS = {
  attendance: ['attendance.checked_in', 'attendance.checked_out'],
  leave: ['leave.submitted', 'leave.decided'],
  people: ['person.created', 'person.changed', 'person.disabled'],
  access: ['access.granted', 'access.denied'],
  alerts: ['alert.raised', 'alert.acknowledged'],
  devices: ['device.offline'],
} as const;

export const WebhookEventType = z.enum([
  'attendance.checked_in',
  'attendance.checked_out',
  'leave.submitted',
  'leave.decided',
  'person.created',
  'person.changed',
  'person.disabled',
  'access.granted',
  'access.denied',
  'alert.raised',
  'alert.acknowledged',
  'device.offline',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Where a message stands; `abandoned` after 24 hours of failed attempts. */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivering', 'succeeded', 'failed', 'abandoned']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

const WebhookUrl = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(2000, { error: 'must be at most 2000 characters' });

const EventTypes = z
  .array(WebhookEventType, { error: 'must be a list of event types' })
  .min(1, { error: 'must name at least one event type' })
  .max(WebhookEventType.options.length, { error: 'must not repeat an event type' })
  .refine((types) => new Set(types).size === types.length, { error: 'must not repeat an event type' });

const Description = z
  .string({ error: 'must be text' })
  .trim()
  .max(200, { error: 'must be at most 200 characters' });

export const WebhookLastDelivery = z.object({
  status: WebhookDeliveryStatus,
  status_code: z.number().int().nullable(),
  at: z.string(),
});

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** Why Atrium turned it off (repeated failure), or null. */
  disabled_reason: z.string().nullable(),
  /** Since when every attempt failed, or null while it is healthy. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: WebhookLastDelivery.nullable(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhooksResponse = z.object({ webhooks: z.array(Webhook) });
export type WebhooksResponse = z.infer<typeof WebhooksResponse>;

export const CreateWebhookRequest = z.object({
  url: WebhookUrl,
  eventTypes: EventTypes,
  description: Description.optional(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

export const UpdateWebhookRequest = z.object({
  url: WebhookUrl.optional(),
  eventTypes: EventTypes.optional(),
  description: Description.nullable().optional(),
  /** Turning it on again clears the failure count and the reason. */
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
  /** A new signing secret, answered once; the old one stops signing at once. */
  rotateSecret: z.boolean({ error: 'must be true or false' }).optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

/** The signing secret (`whsec_...`) is in the answer that makes it and never again. */
export const WebhookWithSecretResponse = z.object({ webhook: Webhook, secret: z.string().nullable() });
export type WebhookWithSecretResponse = z.infer<typeof WebhookWithSecretResponse>;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and every redelivery of the message. */
  message_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_response_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** The delivery this one sends again, or null. */
  redelivery_of: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = KeysetPageQuery;
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveriesResponse = z.object({
  deliveries: z.array(WebhookDelivery),
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;

export const WebhookDeliveryResponse = z.object({ delivery: WebhookDelivery });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

/** Whether webhooks may point at private, loopback and link-local addresses (off unless turned on). */
export const WebhookSettings = z.object({
  allowPrivateAddresses: z.boolean({ error: 'must be true or false' }),
});
export type WebhookSettings = z.infer<typeof WebhookSettings>;

const WebhookParams = z.object({ id: IdParam });

export const webhooksApi = {
  list: endpoint({
    method: 'GET',
    path: '/webhooks',
    audience: 'admin',
    summary: 'The webhook subscriptions, with each one’s last delivery',
    response: WebhooksResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/webhooks',
    audience: 'admin',
    summary: 'Subscribe a URL to events; the answer carries the signing secret, once',
    status: 201,
    body: CreateWebhookRequest,
    response: WebhookWithSecretResponse,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/webhooks/:id',
    audience: 'admin',
    summary: 'Change, enable, disable a webhook or rotate its secret',
    params: WebhookParams,
    body: UpdateWebhookRequest,
    response: WebhookWithSecretResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/webhooks/:id',
    audience: 'admin',
    summary: 'Delete a webhook and its delivery log',
    params: WebhookParams,
    response: OkResponse,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    audience: 'admin',
    summary: 'A webhook’s deliveries, newest first (keyset pages)',
    params: WebhookParams,
    query: WebhookDeliveriesQuery,
    response: WebhookDeliveriesResponse,
  }),
  redeliver: endpoint({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/redeliver',
    audience: 'admin',
    // Delivered or given up: queued once more. Still waiting for a retry: attempted now (that
    // delivery answers). Being delivered at this moment: 409.
    summary: 'Send a message again with the same webhook-id (one waiting for a retry is attempted now)',
    status: 201,
    params: z.object({ id: IdParam, deliveryId: IdParam }),
    response: WebhookDeliveryResponse,
    errors: [409],
  }),
  test: endpoint({
    method: 'POST',
    path: '/webhooks/:id/test',
    audience: 'admin',
    summary: 'Send a `webhook.test` ping to a webhook',
    status: 201,
    params: WebhookParams,
    response: WebhookDeliveryResponse,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/webhooks/settings',
    audience: 'admin',
    summary: 'Whether webhooks may point at private addresses',
    response: WebhookSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/webhooks/settings',
    audience: 'admin',
    summary: 'Allow or refuse webhooks to private addresses',
    body: WebhookSettings,
    response: WebhookSettings,
  }),
};
