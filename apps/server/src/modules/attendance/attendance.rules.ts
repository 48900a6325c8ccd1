import { isoWeekday, localDate, zonedInstant } from '@atrium/contract/calendar';
import type { Today } from '../../core/clock';
import { AppError } from '../../core/errors';
import { displayDate } from '../../core/text';
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
