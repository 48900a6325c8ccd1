import type { AttendanceRecord, MyStatus } from '@atrium/contract';
import { hoursBetween, isoWeekday, localDate, zonedInstant } from '@atrium/contract/calendar';
import { AppError } from '../../errors';
import { displayDate } from '../../text';
import type { Today } from '../system/clock';
import type { DayRow, RecordRow } from './attendance.repository';
import { DEFAULT_VERSION, type Schedule, type ScheduleVersion } from './schedules.repository';

/**
 * The version in force on a date: the newest that started on or before it (the first reaches
 * back forever, as in scheduleDays).
 */
export const versionOn = (schedule: Schedule, date: string): ScheduleVersion =>
  schedule.versions.find((v) => v.effective_from <= date) ?? schedule.versions.at(-1) ?? DEFAULT_VERSION;

/** A workday of the version in force that day, unless it is a public holiday. */
export const isScheduledOn = (schedule: Schedule, date: string) =>
  !schedule.holidays.has(date) && versionOn(schedule, date).workdays.includes(isoWeekday(date));

const graceMs = (version: ScheduleVersion) => version.grace_minutes * 60_000;

/**
 * zonedInstant remembered: a morning of check-ins asks for the same few shift starts thousands of
 * times, and each answer costs several Intl calls.
 */
const instants = new Map<string, number>();
function shiftInstant(date: string, time: string, timeZone: string): number {
  const key = `${date}|${time}|${timeZone}`;
  let at = instants.get(key);
  if (at === undefined) {
    if (instants.size >= 10_000) instants.clear();
    at = zonedInstant(date, time, timeZone).getTime();
    instants.set(key, at);
  }
  return at;
}

/** Late: a check-in after start + grace on a scheduled day. Work on a day off is never late. */
export function isLate(schedule: Schedule, date: string, checkIn: Date, timeZone: string): boolean {
  if (!isScheduledOn(schedule, date)) return false;
  const version = versionOn(schedule, date);
  return checkIn.getTime() > shiftInstant(date, version.start_time, timeZone) + graceMs(version);
}

/** Early exit: a check-out before end - grace on a scheduled day. */
export function isEarlyExit(schedule: Schedule, date: string, checkOut: Date | null, timeZone: string) {
  if (!checkOut || !isScheduledOn(schedule, date)) return false;
  const version = versionOn(schedule, date);
  return checkOut.getTime() < shiftInstant(date, version.end_time, timeZone) - graceMs(version);
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

const issue = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', message, [{ field, rule, message }]);

/** The rules of any correction: the admin's own and an approved request (correction-requests.service). */
export function validateTimes(date: string, checkIn: Date, checkOut: Date | null, today: Today) {
  if (localDate(checkIn, today.timeZone) !== date)
    throw issue('check_in_time', 'same_day', `Check-in must fall on ${displayDate(date)}`);
  if (checkIn > today.now)
    throw issue('check_in_time', 'not_in_future', 'Check-in must not be in the future');
  if (!checkOut) return;
  if (checkOut < checkIn)
    throw issue('check_out_time', 'after_check_in', 'Check-out must not be before check-in');
  if (checkOut > today.now)
    throw issue('check_out_time', 'not_in_future', 'Check-out must not be in the future');
  if (checkOut.getTime() - checkIn.getTime() > 86_400_000)
    throw issue('check_out_time', 'max_24_hours', 'A shift may last at most 24 hours');
}
