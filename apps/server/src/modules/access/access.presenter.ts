import type {
  AccessEvent,
  AccessLog,
  AccessPermission,
  AccessPoint,
  AccessStats,
  AccessStatus,
  Alert,
  Device,
  DeviceStatus,
  DeviceSync,
  DoorStatus,
  MyAccessStats,
} from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';
import type { WorkStatus } from '../../devices/hikvision/client';
import { meaningOf } from '../../devices/hikvision/event-codes';
import type { DeviceEventRow, PassageRow, PermissionRow } from './access.repository';
import type { AlertRow } from './alerts.repository';
import type { AccessPointRow, DeviceRow } from './devices.repository';
import type { BatchRow } from './ingest.repository';

function iso(d: Date | string): string;
function iso(d: Date | string | null): string | null;
function iso(d: Date | string | null) {
  return d === null ? null : new Date(d).toISOString();
}

/** A granted passage or a denied attempt as the logs show it. */
export function toAccessLog(row: PassageRow): AccessLog {
  const denied = row.kind === 'denied';
  return {
    id: Number(row.id),
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    department_name: row.department_name,
    action: denied ? null : (row.action ?? 'entry'),
    result: denied ? 'denied' : 'granted',
    access_point: row.access_point,
    device_id: row.device_id,
    timestamp: iso(row.occurred_at),
    card_no: row.card_no,
    verify_mode: row.verify_mode,
    has_picture: row.has_picture,
    camera_id: row.camera_id,
  };
}

/** Any event of a device, with what its codes mean. */
export function toAccessEvent(r: DeviceEventRow): AccessEvent {
  return {
    id: Number(r.id),
    kind: r.kind,
    action: r.action,
    major: r.major,
    minor: r.minor,
    label: meaningOf(r.major, r.minor).label,
    device_id: r.device_code,
    access_point: r.access_point,
    user_id: r.user_id,
    name: r.name,
    card_no: r.card_no,
    verify_mode: r.verify_mode,
    backlog: r.backlog,
    has_picture: r.has_picture,
    timestamp: iso(r.occurred_at),
    received_at: iso(r.received_at),
  };
}

/** A permission as people see it on `today`: suspended, expired, not yet valid, or active. */
export function toAccessPermission(r: PermissionRow, today: string): AccessPermission {
  return {
    id: r.id,
    area_name: r.area_name,
    description: r.description,
    status:
      r.status === 'suspended'
        ? 'suspended'
        : r.valid_until && r.valid_until < today
          ? 'expired'
          : r.valid_from && r.valid_from > today
            ? 'pending'
            : 'active',
    granted_via: r.user_id !== null ? 'person' : 'department',
    valid_from: r.valid_from,
    valid_until: r.valid_until,
    doors: r.doors,
  };
}

/** Where the person is: `inside` when their last passage is today's entry. */
export function toAccessStatus(
  presence: { last_at: Date | string; access_point: string | null } | undefined,
  inside: boolean,
): AccessStatus {
  if (!presence) return { status: 'out', last_access: null, last_access_point: null };
  return {
    status: inside ? 'in' : 'out',
    last_access: iso(presence.last_at),
    last_access_point: presence.access_point,
  };
}

/** The person's entries today and this week, and the areas their active permissions open. */
export function toMyAccessStats(
  todayEntries: number,
  weekEntries: number,
  permissions: AccessPermission[],
): MyAccessStats {
  const areas = new Set(permissions.filter((p) => p.status === 'active').map((p) => p.area_name));
  return { today_entries: todayEntries, week_entries: weekEntries, authorized_areas: areas.size };
}

export const toAccessStats = (
  inBuilding: number,
  counts: { entries: number; exits: number },
  activeAlerts: number,
): AccessStats => ({
  in_building: inBuilding,
  today_entries: counts.entries,
  today_exits: counts.exits,
  active_alerts: activeAlerts,
});

export const toAccessPoint = (r: AccessPointRow): AccessPoint => ({
  id: r.id,
  name: r.name,
  area_id: r.area_id,
  area_name: r.area_name,
  counts_for_attendance: r.counts_for_attendance,
  site_id: r.site_id,
});

/** The person's badge after a change. */
export const toBadgeUser = (r: { id: number; employee_number: string; badge_number: string }) => ({
  id: r.id,
  employee_number: r.employee_number,
  badge_number: r.badge_number,
});

/** A device as administrators manage it: no secret leaves, only whether one is set. */
export function toDevice(
  row: DeviceRow & { access_point: string | null; site: string; sync_people?: number | null },
): Device {
  return {
    id: row.id,
    device_id: row.device_id,
    name: row.name,
    type: row.type,
    model: row.model,
    status: row.status,
    location: row.location,
    access_point_id: row.access_point_id,
    access_point: row.access_point,
    site_id: row.site_id,
    site: row.site,
    direction: row.direction,
    address: row.address,
    last_seen_at: iso(row.last_seen_at),
    has_push_secret: row.push_secret_hash !== null,
    has_credentials: row.command_username !== null && row.command_password !== null,
    serial_number: row.serial_number,
    firmware_version: row.firmware_version,
    mac_address: row.mac_address,
    push_configured_at: iso(row.push_configured_at),
    push_error: row.push_error,
    sync: toDeviceSync(row),
  };
}

/** A controller Atrium can write to: reachable by command, in service, a door controller. */
export const syncManaged = (row: DeviceRow) =>
  row.type === 'access_controller' &&
  row.status !== 'maintenance' &&
  row.address !== null &&
  row.command_username !== null &&
  row.command_password !== null;

function toDeviceSync(row: DeviceRow & { sync_people?: number | null }): DeviceSync {
  return {
    state: !syncManaged(row)
      ? 'unmanaged'
      : row.sync_error !== null
        ? 'error'
        : row.sync_pending > 0 || row.resync_requested || row.synced_at === null
          ? 'pending'
          : 'in_sync',
    pending: row.sync_pending,
    total: row.sync_total,
    people: row.sync_people ?? 0,
    synced_at: iso(row.synced_at),
    error: row.sync_error,
    retry_at: iso(row.sync_retry_at),
  };
}

/** What the controller answered about its door (AcsWorkStatus). */
export function toDoorStatus(s: WorkStatus): DoorStatus {
  const readers = s.cardReaderOnlineStatus ?? [];
  return {
    reachable: true,
    door: s.magneticStatus?.[0] === undefined ? null : s.magneticStatus[0] === 1 ? 'open' : 'closed',
    lock: s.doorLockStatus?.[0] === undefined ? null : s.doorLockStatus[0] === 1 ? 'unlocked' : 'locked',
    readers_online: readers.length ? readers.filter((r) => r === 1).length : null,
    readers_total: readers.length || null,
    power: s.powerSupplyStatus ?? null,
    message: null,
  };
}

/** A controller that could not be asked: an answer, not an error. */
export const unreachableDoor = (message: string): DoorStatus => ({
  reachable: false,
  door: null,
  lock: null,
  readers_online: null,
  readers_total: null,
  power: null,
  message,
});

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

/** A device's settings or push secret changed: every process drops its cached devices. */
export const devicesChanged = (): DomainEvent => ({ kind: 'devices_changed' });

/**
 * The live message of a newly stored event: a granted passage of a known person goes to them and
 * to administrators as a log line; anything else to administrators as a device event.
 */
export function storedEventLive(
  row: BatchRow,
  stored: { id: number; userId: number | null; name: string | null; point: string | null },
): DomainEvent {
  const { id, userId, name, point } = stored;
  if (row.kind === 'granted' && userId !== null && name) {
    return {
      kind: 'live',
      type: 'access_log_update',
      data: {
        user: { id: userId, name },
        action: row.action!,
        access_point: point ?? row.device_code,
        device_id: row.device_code,
        timestamp: row.occurred_at.toISOString(),
        log_id: id,
      },
      // The person's managers see it too: Team Today shows each one's last passage.
      audience: { userIds: [userId], admins: true, team: true },
    };
  }
  const meaning = meaningOf(row.major, row.minor);
  return {
    kind: 'live',
    type: 'device_event',
    data: {
      eventType: meaning.type,
      deviceId: row.device_code,
      label: meaning.label,
      kind: meaning.kind,
      user: userId !== null && name ? { id: userId, name } : null,
      access_point: point,
      timestamp: row.occurred_at.toISOString(),
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
