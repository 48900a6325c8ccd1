import type {
  AccessAction,
  AccessLog,
  AlertSeverity,
  AlertSource,
  DeviceDirection,
  DeviceStatus,
} from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import type { BadgeTone } from '@/components/ui/Badge';
import { calendarDateText, instantText } from '@/lib/dates';
import { organisationClock, organisationToday } from '@/lib/org-time';

/** The spec's access point for the web reader (section 7). */
export const WEB_ACCESS_POINT = 'Main Entrance';

/** The spec's simulated device id: HK- plus three random digits (HK-000 to HK-999). */
export function randomDeviceId(random: () => number = Math.random): string {
  const n = Math.min(999, Math.floor(random() * 1000));
  return `HK-${String(n).padStart(3, '0')}`;
}

export const ACTION_LABEL: Record<AccessAction, string> = { entry: 'Entry', exit: 'Exit' };

/** What a log row records: a passage in or out, or an attempt the door denied. */
export function logOutcome(log: Pick<AccessLog, 'action' | 'result'>): AccessAction | 'denied' {
  return log.result === 'denied' || log.action === null ? 'denied' : log.action;
}

/** Who passed: the person, or the card when Atrium does not know it. */
export function personName(log: Pick<AccessLog, 'first_name' | 'last_name' | 'card_no'>): string {
  const name = [log.first_name, log.last_name].filter(Boolean).join(' ');
  if (name) return name;
  return log.card_no ? `Unknown card ${log.card_no}` : 'Unknown person';
}

/**
 * Date and time of an instant on the organisation's clock: "Today 08:57", "Yesterday 17:02",
 * or "Fri 20 Nov 2026, 08:57" (the app's one way of saying an instant, lib/dates instantText).
 */
export function formatWhen(instant: string | null | undefined, now: Date = new Date()): string {
  if (!instant) return '—';
  const date = new Date(instant);
  const time = organisationClock(date);
  const day = organisationToday(date);
  const today = organisationToday(now);
  if (day === today) return `Today ${time}`;
  if (day === addDays(today, -1)) return `Yesterday ${time}`;
  return instantText(date);
}

/** "Today", "Yesterday" or "Wed, 18 Nov 2026": the organisation date of a day heading. */
export function dayLabel(date: string, now: Date = new Date()): string {
  const today = organisationToday(now);
  if (date === today) return 'Today';
  if (date === addDays(today, -1)) return 'Yesterday';
  return calendarDateText(date);
}

/** Passages grouped by their organisation date, keeping the newest-first order. */
export function groupByDay<T extends { timestamp: string }>(items: T[]): { date: string; items: T[] }[] {
  const groups: { date: string; items: T[] }[] = [];
  for (const item of items) {
    const date = organisationToday(new Date(item.timestamp));
    const last = groups[groups.length - 1];
    if (last?.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}

export const DEVICE_STATUS_LABEL: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  maintenance: 'Maintenance',
};
export const DEVICE_STATUS_TONE: Record<DeviceStatus, BadgeTone> = {
  online: 'success',
  offline: 'danger',
  maintenance: 'warning',
};

/** Which passages a device's readers record, in words. */
export const DIRECTION_LABEL: Record<DeviceDirection, string> = {
  entry: 'Entry',
  exit: 'Exit',
  both: 'Entry and exit (reader 1 in, 2 out)',
};

export const SOURCE_LABEL: Record<AlertSource, string> = {
  access: 'Door',
  video: 'Camera',
  counting: 'Counter',
  system: 'System',
};

export const SEVERITY_TONE: Record<AlertSeverity, BadgeTone> = {
  low: 'neutral',
  medium: 'warning',
  high: 'danger',
  critical: 'danger',
};

/** A permission reads "active" in green; anything else (suspended, expired, pending) is muted. */
export const permissionTone = (status: string): BadgeTone => (status === 'active' ? 'success' : 'neutral');

export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
