import type { AttendanceAction } from '@atrium/contract';
import { addDays, localDate, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findUserSchedule, insertRecordIfAbsent } from '../attendance/attendance.repository';
import { isEarlyExit, isLate } from '../attendance/attendance.rules';
import { findRecordForUpdate, updateRecordFromBadge } from '../attendance/badge.repository';
import { lastAttendanceEntry } from './ingest.repository';

/**
 * Attendance from door badges, applied in the transaction that stores the door event (so the
 * same event twice, being stored once, changes attendance once):
 * - the first granted entry of the person's local day is their check-in when earlier than what
 *   the record has (or there is no record);
 * - a granted exit after their last entry (badge or web check-in) sets the check-out;
 * - entering again after a check-out clears that check-out;
 * - records an administrator wrote (correction, bulk) are left alone.
 */
export interface BadgePassage {
  userId: number;
  action: 'entry' | 'exit';
  at: Date;
}

export interface AttendanceChange {
  userId: number;
  date: string;
  action: AttendanceAction;
}

export async function applyBadge(
  trx: Kysely<Database>,
  passage: BadgePassage,
  timeZone: string,
): Promise<AttendanceChange | null> {
  const { userId, action, at } = passage;
  const date = localDate(at, timeZone);
  const record = await findRecordForUpdate(trx, userId, date);
  if (record && (record.source === 'correction' || record.source === 'bulk')) return null;
  const schedule = await findUserSchedule(trx, userId);
  if (!schedule) return null;

  if (action === 'entry') {
    if (!record) {
      const created = await insertRecordIfAbsent(trx, {
        user_id: userId,
        date,
        check_in_time: at,
        late: isLate(schedule, date, at, timeZone),
        source: 'badge',
        created_by: userId,
      });
      return created ? { userId, date, action: 'check_in' } : null;
    }
    const checkIn = new Date(record.check_in_time);
    const checkOut = record.check_out_time ? new Date(record.check_out_time) : null;
    const change: Parameters<typeof updateRecordFromBadge>[2] = {};
    if (at < checkIn) {
      change.check_in_time = at;
      change.late = isLate(schedule, date, at, timeZone);
    }
    if (checkOut && at > checkOut) {
      change.check_out_time = null;
      change.early_exit = false;
    }
    if (Object.keys(change).length === 0) return null;
    const updated = await updateRecordFromBadge(trx, record.id, change, new Date());
    return updated ? { userId, date, action: 'check_in' } : null;
  }

  if (!record) return null;
  const checkIn = new Date(record.check_in_time);
  const checkOut = record.check_out_time ? new Date(record.check_out_time) : null;
  const dayEnd = zonedInstant(addDays(date, 1), '00:00', timeZone);
  const lastEntry = await lastAttendanceEntry(trx, userId, checkIn, dayEnd);
  const after = lastEntry && lastEntry > checkIn ? lastEntry : checkIn;
  if (at <= after) return null;
  if (checkOut && at <= checkOut) return null;
  const updated = await updateRecordFromBadge(
    trx,
    record.id,
    { check_out_time: at, early_exit: isEarlyExit(schedule, date, at, timeZone) },
    new Date(),
  );
  return updated ? { userId, date, action: 'check_out' } : null;
}
