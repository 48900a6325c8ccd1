import type { Alert, DeviceStatus } from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';
import type { AlertRow } from './alerts.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An alert as the API shows it. */
export function toAlert(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    source: row.source,
    kind: row.kind,
    severity: row.severity,
    state: row.resolved_at ? 'resolved' : row.acknowledged_at ? 'acknowledged' : 'active',
    message: row.message,
    device_id: row.device_id,
    camera_id: row.camera_id,
    timestamp: iso(row.occurred_at)!,
    resolved_at: iso(row.resolved_at),
    acknowledged_by: row.acknowledged_by,
    acknowledged_by_name: row.acknowledged_by_name ?? null,
    acknowledged_at: iso(row.acknowledged_at),
    acknowledge_note: row.acknowledge_note,
  };
}

/**
 * The `access_alert` live message for a new alert, to administrators. Other domains raising
 * alerts (video, counting) publish this too, with the transaction that raised it.
 */
export function alertLiveEvent(row: AlertRow, label: string): DomainEvent {
  return {
    kind: 'live',
    type: 'access_alert',
    data: {
      id: Number(row.id),
      source: row.source,
      kind: row.kind,
      label,
      severity: row.severity,
      message: row.message,
      device_id: row.device_id,
      timestamp: iso(row.occurred_at)!,
    },
    audience: { admins: true },
  };
}

export function deviceStatusEvent(d: {
  id: number;
  device_id: string;
  status: DeviceStatus;
  last_seen_at: Date | string | null;
}): DomainEvent {
  return {
    kind: 'live',
    type: 'device_status',
    data: { id: d.id, deviceId: d.device_id, status: d.status, last_seen_at: iso(d.last_seen_at) },
    audience: { admins: true },
  };
}
