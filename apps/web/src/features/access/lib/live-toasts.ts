import type { LiveEventData } from '@atrium/contract';

type AccessLogUpdate = LiveEventData<'access_log_update'>;
type DeviceEvent = LiveEventData<'device_event'>;
type AccessAlert = LiveEventData<'access_alert'>;

export interface LiveToast {
  type: 'success' | 'info' | 'warning' | 'error';
  message: string;
}

/**
 * The toast an access_log_update deserves (spec section 8), or none. A person sees their own
 * passages ("Access entry recorded at Main Entrance"); administrators see everyone's
 * ("New access: Jamie Carter entry at Main Entrance"). Staff ignore updates about someone else
 * (spec section 6).
 */
export function accessLogToast(
  data: AccessLogUpdate,
  viewer: { id: number; watchesAll: boolean },
): LiveToast | null {
  if (viewer.watchesAll)
    return { type: 'info', message: `New access: ${data.user.name} ${data.action} at ${data.access_point}` };
  if (data.user.id === viewer.id)
    return { type: 'success', message: `Access ${data.action} recorded at ${data.access_point}` };
  return null;
}

/**
 * "Hikvision event: {type}" for what a door device reported, one toast per happening: a granted
 * passage of a known person already has its "New access" toast, and denied or alarm events raise
 * an alert with its own "Hikvision Alert" toast, so those are not announced twice.
 */
export function deviceEventToast(data: DeviceEvent): LiveToast | null {
  if (data.kind === 'denied' || data.kind === 'alarm') return null;
  if (data.kind === 'granted' && data.user !== null) return null;
  return { type: 'info', message: `Hikvision event: ${data.label}` };
}

/** "Hikvision Alert: {type} - Device {id}" for a new door alert (cameras and counters have their screens). */
export function alertToast(data: AccessAlert): LiveToast | null {
  if (data.source !== 'access') return null;
  const device = data.device_id ? ` - Device ${data.device_id}` : '';
  const type = data.severity === 'critical' || data.severity === 'high' ? 'error' : 'warning';
  return { type, message: `Hikvision Alert: ${data.label}${device}` };
}
