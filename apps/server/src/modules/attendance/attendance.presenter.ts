import type { AttendanceRecord, MyStatus } from '@atrium/contract';
import { hoursBetween } from '@atrium/contract/calendar';
import type { Today } from '../../core/clock';
import type { DayRow, RecordRow } from './attendance.repository';

/** A person-day as the API shows it. */
export function toAttendanceRecord(row: DayRow, today: string): AttendanceRecord {
  const checkIn = row.check_in_time ? new Date(row.check_in_time) : null;
  const checkOut = row.check_out_time ? new Date(row.check_out_time) : null;
  return {
    id: row.record_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    department_id: row.department_id,
    department_name: row.department_name,
    date: row.date,
    check_in_time: checkIn?.toISOString() ?? null,
    check_out_time: checkOut?.toISOString() ?? null,
    attendance_status: row.status,
    hours: checkIn && checkOut ? hoursBetween(checkIn, checkOut) : null,
    late: row.late ?? false,
    early_exit: row.early_exit ?? false,
    forgotten_checkout: row.status === 'checked_in' && row.date < today,
    source: row.source,
    leave_type: row.leave_type,
  };
}

/** A person's own day as My Attendance and the dashboard show it. */
export function statusOf(record: RecordRow | undefined, today: Today): MyStatus {
  const checkOut = record?.check_out_time ?? null;
  return {
    date: today.date,
    check_in_time: record?.check_in_time.toISOString() ?? null,
    check_out_time: checkOut?.toISOString() ?? null,
    hours_worked: record ? hoursBetween(record.check_in_time, checkOut ?? today.now) : null,
    late: record?.late ?? false,
    canCheckIn: !record,
    canCheckOut: Boolean(record && !checkOut),
  };
}
