import type { AttendanceStatus } from '@atrium/contract';
import { localTime } from '@atrium/contract/calendar';
import { calendarDateText } from '@/lib/dates';
import { organisationClock } from '@/lib/org-time';

/** Hour and minute of an instant (24-hour) on a site's clock (`timeZone`), else the organisation's. */
export function formatTime(instant: string | null | undefined, timeZone?: string): string | null {
  if (!instant) return null;
  return timeZone ? localTime(new Date(instant), timeZone) : organisationClock(instant);
}

/** Hours rounded to one decimal, as the admin table shows them. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '—' : hours.toFixed(1);
}

export const formatDate = (date: string): string => calendarDateText(date);

/** What a listed day was, in words: its times when worked, else its leave type or "No check-in". */
export function dayText(day: {
  check_in_time: string | null;
  check_out_time: string | null;
  hours: number | null;
  leave_type: string | null;
  attendance_status: AttendanceStatus;
}): string {
  if (day.check_in_time) {
    const out = formatTime(day.check_out_time) ?? 'still in';
    return `${formatTime(day.check_in_time)} – ${out}${day.hours !== null ? ` · ${formatHours(day.hours)} h` : ''}`;
  }
  if (day.attendance_status === 'on_leave') return day.leave_type ?? 'Approved leave';
  return 'No check-in';
}
