import { calendarDateText } from '@/lib/dates';
import { organisationClock, organisationToday } from '@/lib/org-time';

/** 'HH:MM:SS' of an instant on the organisation's clock. */
export function clockWithSeconds(instant: Date | string): string {
  const d = new Date(instant);
  return `${organisationClock(d)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
}

export const eventLabels: Record<string, string> = {
  motion: 'Motion detected',
  offline: 'Camera offline',
  online: 'Camera online',
};

/** "2 min ago", "3 h ago", or the date for older events. */
export function ago(instant: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(instant).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return calendarDateText(organisationToday(new Date(instant)));
}
