import type { Webhook, WebhookDelivery, WebhookEventType } from '@atrium/contract';
import type { DeliveryRow, SubscriptionRow } from './webhooks.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A subscription as administrators see it: never its secret. */
export function toWebhook(row: SubscriptionRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    last_delivery:
      row.last_status && row.last_at
        ? { status: row.last_status, status_code: row.last_status_code, at: iso(row.last_at)! }
        : null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_response_ms: row.last_response_ms,
    last_error: row.last_error,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
    redelivery_of: row.redelivery_of === null ? null : Number(row.redelivery_of),
  };
}
