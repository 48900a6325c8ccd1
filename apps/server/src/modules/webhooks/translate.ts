import type { WebhookEventType } from '@atrium/contract';
import type { DomainEvent } from '../../core/events/event';

/** A log event as other systems are told of it; `personId` asks the fan-out to name the person. */
export interface Translated {
  type: WebhookEventType;
  data: Record<string, unknown>;
  personId?: number;
}

/**
 * What each logged event means to another system, or undefined for those it is not told of
 * (cache invalidations, toasts, session ends). Live events already carry what happened at the
 * doors and desks; what they do not say (a person created, changed, disabled; an alert
 * acknowledged; leave submitted and decided, which the live leave event does not tell apart from
 * a re-routing) is logged as an `integration` event by the change itself.
 */
export function translate(event: DomainEvent): Translated | undefined {
  if (event.kind === 'integration') {
    const { personId } = event.data;
    return {
      type: event.type,
      data: event.data,
      personId: typeof personId === 'number' ? personId : undefined,
    };
  }
  if (event.kind !== 'live') return undefined;
  switch (event.type) {
    case 'attendance_update': {
      const { userId, date, action } = event.data;
      if (action !== 'check_in' && action !== 'check_out') return undefined;
      return {
        type: action === 'check_in' ? 'attendance.checked_in' : 'attendance.checked_out',
        data: { personId: userId, date },
        personId: userId,
      };
    }
    case 'access_log_update': {
      const d = event.data;
      return {
        type: 'access.granted',
        data: {
          accessLogId: d.log_id,
          person: d.user,
          direction: d.action,
          accessPoint: d.access_point,
          deviceId: d.device_id,
          occurredAt: d.timestamp,
        },
      };
    }
    case 'device_event': {
      const d = event.data;
      if (d.eventType !== 'access_granted' && d.eventType !== 'access_denied') return undefined;
      return {
        type: d.eventType === 'access_granted' ? 'access.granted' : 'access.denied',
        data: {
          person: d.user,
          accessPoint: d.access_point,
          deviceId: d.deviceId,
          reason: d.label,
          occurredAt: d.timestamp,
        },
      };
    }
    case 'access_alert': {
      const d = event.data;
      return {
        type: 'alert.raised',
        data: {
          alertId: d.id,
          source: d.source,
          kind: d.kind,
          label: d.label,
          severity: d.severity,
          message: d.message,
          deviceId: d.device_id,
          occurredAt: d.timestamp,
        },
      };
    }
    case 'device_status': {
      const d = event.data;
      if (d.status !== 'offline') return undefined;
      return { type: 'device.offline', data: { id: d.id, deviceId: d.deviceId, lastSeenAt: d.last_seen_at } };
    }
    default:
      return undefined;
  }
}
