import { addDays } from '@atrium/contract/calendar';
import type { Today } from '../../core/clock';
import type { RecordRow } from './attendance.repository';

/**
 * How long after its check-in a shift begun the day before and still open is the one a person
 * checks out of: a night shift crossing local midnight (22:00 to 06:00 on the site's clock) stays
 * one record on its check-in date, while a day left open by mistake is not picked up the next
 * morning (schedules end before midnight, so only work off them crosses it).
 */
export const NIGHT_SHIFT_MS = 16 * 3_600_000;

/** A record begun the day before `date`, still open at `now` within NIGHT_SHIFT_MS: a night shift under way. */
export function isNightShift(record: RecordRow, date: string, now: Date): boolean {
  return (
    record.date === addDays(date, -1) &&
    record.check_out_time === null &&
    now.getTime() - record.check_in_time.getTime() < NIGHT_SHIFT_MS
  );
}

/**
 * The person's record of today, or the night shift still under way from the day before; today
 * (`today.date`) or that shift's date is the status's date.
 */
export function ongoingRecord(
  record: RecordRow | undefined,
  today: Today,
): { record: RecordRow | undefined; today: Today } {
  if (record && record.date !== today.date && isNightShift(record, today.date, today.now))
    return { record, today: { ...today, date: record.date } };
  return { record: record?.date === today.date ? record : undefined, today };
}
