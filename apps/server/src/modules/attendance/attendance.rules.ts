import type { AttendanceRecord, MyStatus } from '@atrium/contract';
import { hoursBetween, isoWeekday, zonedInstant } from '@atrium/contract/calendar';
import type { Today } from '../system/clock';
import type { DayRow, RecordRow, Schedule } from './attendance.repository';

export const isScheduledOn = (schedule: Schedule, date: string) =>
  schedule.workdays.includes(isoWeekday(date));

const graceMs = (schedule: Schedule) => schedule.grace_minutes * 60_000;

/** Late: a check-in after start + grace on a scheduled day. Work on a day off is never late. */
export function isLate(schedule: Schedule, date: string, checkIn: Date, timeZone: string): boolean {
  if (!isScheduledOn(schedule, date)) return false;
  const start = zonedInstant(date, schedule.start_time, timeZone);
  return checkIn.getTime() > start.getTime() + graceMs(schedule);
}

/** Early exit: a check-out before end - grace on a scheduled day. */
export function isEarlyExit(schedule: Schedule, date: string, checkOut: Date | null, timeZone: string) {
  if (!checkOut || !isScheduledOn(schedule, date)) return false;
  const end = zonedInstant(date, schedule.end_time, timeZone);
  return checkOut.getTime() < end.getTime() - graceMs(schedule);
}

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
