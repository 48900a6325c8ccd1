import type { AttendanceAction } from '@atrium/contract';
import type { DomainEvent } from '../../core/events/bus';

/** A person's day changed: for them and for the administrators' screens. */
export const attendanceUpdate = (userId: number, date: string, action: AttendanceAction): DomainEvent => ({
  kind: 'live',
  type: 'attendance_update',
  data: { userId, date, action },
  audience: { userIds: [userId], admins: true },
});
