import type { WebhookDeliveryStatus, WebhookEventType } from '@atrium/contract';
import { WEBHOOK_EVENT_GROUPS } from '@atrium/contract';

/** How each event type reads on screen, grouped by domain as the Add webhook dialog shows them. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'attendance.checked_in': 'Checked in',
  'attendance.checked_out': 'Checked out',
  'leave.submitted': 'Leave submitted',
  'leave.decided': 'Leave decided',
  'person.created': 'Person created',
  'person.changed': 'Person changed',
  'person.disabled': 'Person disabled',
  'access.granted': 'Access granted',
  'access.denied': 'Access denied',
  'alert.raised': 'Alert raised',
  'alert.acknowledged': 'Alert acknowledged',
  'device.offline': 'Device offline',
};

export const GROUP_LABELS: Record<keyof typeof WEBHOOK_EVENT_GROUPS, string> = {
  attendance: 'Attendance',
  leave: 'Leave',
  people: 'People',
  access: 'Access',
  alerts: 'Alerts',
  devices: 'Devices',
};

export const EVENT_GROUPS = Object.entries(WEBHOOK_EVENT_GROUPS).map(([group, types]) => ({
  group: group as keyof typeof WEBHOOK_EVENT_GROUPS,
  types: types as readonly WebhookEventType[],
}));

export const eventLabel = (type: string) =>
  type === 'webhook.test' ? 'Test ping' : (EVENT_LABELS[type as WebhookEventType] ?? type);

export const DELIVERY_STATUS: Record<
  WebhookDeliveryStatus,
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' | 'info' }
> = {
  pending: { label: 'Pending', tone: 'neutral' },
  delivering: { label: 'Delivering', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Retrying', tone: 'warning' },
  abandoned: { label: 'Failed', tone: 'danger' },
};
