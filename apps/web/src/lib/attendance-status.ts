import type { AttendanceStatus } from '@atrium/contract';

/** A listed person-day's status in words, as the attendance lists and their filters say it. */
export const ATTENDANCE_STATUS_LABEL = {
  complete: 'Complete',
  checked_in: 'Checked In',
  absent: 'Absent',
  on_leave: 'On leave',
} as const satisfies Record<AttendanceStatus, string>;

export const ATTENDANCE_STATUS_TONE = {
  complete: 'success',
  checked_in: 'warning',
  absent: 'danger',
  on_leave: 'info',
} as const satisfies Record<AttendanceStatus, 'success' | 'warning' | 'danger' | 'info'>;
