import type { AttendanceAction } from '@atrium/contract';
import { addDays, localDate, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import type { Database } from '../../db/schema';
import {
  findRecordForUpdate,
  insertRecordIfAbsent,
  insertRecordsIfAbsent,
  type RecordRow,
} from '../attendance/attendance.repository';
import { isEarlyExit, isLate } from '../attendance/attendance.rules';
import { findRecordsForUpdate, updateRecordFromBadge } from '../attendance/badge.repository';
import { isNightShift } from '../attendance/night-shift';
import { personSites } from '../attendance/person-site.repository';
import { findUserSchedules, type Schedule } from '../attendance/schedules.repository';
import { lastAttendanceEntry } from './ingest.repository';

/**
 * Attendance from door badges, applied in the transaction that stores the door event (so the
 * same event twice, being stored once, changes attendance once):
 * - the first granted entry of the person's local day (on their site's clock: each person's day is
 *   their site's day, whichever door they pass) is their check-in when earlier than what
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

/** A person's day as this batch knows it: the record, none, or not read yet (undefined). */
type Known = Map<string, RecordRow | null>;
const dayKey = (userId: number, date: string) => `${userId}|${date}`;

/**
 * Applies a batch's passages, oldest first, as one passage after another would. The days' records
 * (locked) and the people's schedules are read once for the batch, and the morning's common case,
 * a day whose first passage is an entry and which has no record yet, is inserted for all such days
 * in one statement: days are independent of each other, so doing them first changes nothing.
 */
export async function applyBadges(
  trx: Kysely<Database>,
  passages: BadgePassage[],
  clock: Pick<OrgClock, 'timeZone'>,
): Promise<AttendanceChange[]> {
  if (passages.length === 0) return [];
  const zones = new Map<number, string>();
  for (const [userId, siteId] of await personSites(trx, [...new Set(passages.map((p) => p.userId))]))
    zones.set(userId, await clock.timeZone(siteId));
  // Someone removed since the event named them has no schedule either: their passages change nothing.
  const zoneOf = (userId: number) => zones.get(userId) ?? 'UTC';
  const dated = passages.map((p) => ({
    ...p,
    timeZone: zoneOf(p.userId),
    date: localDate(p.at, zoneOf(p.userId)),
  }));
  const firsts = new Map<string, number>();
  dated.forEach((p, i) => {
    const key = dayKey(p.userId, p.date);
    if (!firsts.has(key)) firsts.set(key, i);
  });
  const days = [...firsts.values()].map((i) => dated[i]!);
  const known: Known = new Map(days.map((d) => [dayKey(d.userId, d.date), null]));
  for (const r of await findRecordsForUpdate(trx, days)) known.set(dayKey(r.user_id, r.date), r);
  const dates = dated.map((p) => p.date).sort();
  const schedules = await findUserSchedules(trx, [...new Set(passages.map((p) => p.userId))], {
    from: dates[0]!,
    to: dates[dates.length - 1]!,
  });

  const changes: (AttendanceChange | null)[] = new Array(passages.length).fill(null);
  const openers = [...firsts.values()]
    .map((i) => ({ i, p: dated[i]!, schedule: schedules.get(dated[i]!.userId) }))
    .filter(
      ({ p, schedule }) => p.action === 'entry' && schedule && known.get(dayKey(p.userId, p.date)) === null,
    )
    .sort((a, b) => a.p.userId - b.p.userId || a.p.date.localeCompare(b.p.date));
  const created = await insertRecordsIfAbsent(
    trx,
    openers.map(({ p, schedule }) => ({
      user_id: p.userId,
      date: p.date,
      check_in_time: p.at,
      late: isLate(schedule!, p.date, p.at, p.timeZone),
      source: 'badge' as const,
      created_by: p.userId,
    })),
  );
  const inserted = new Map(created.map((r) => [dayKey(r.user_id, r.date), r]));
  const done = new Set<number>();
  for (const { i, p } of openers) {
    const key = dayKey(p.userId, p.date);
    const row = inserted.get(key);
    // Not inserted: a concurrent check-in won; later passages of the day read it again.
    if (row) known.set(key, row);
    else known.delete(key);
    if (row) changes[i] = { userId: p.userId, date: p.date, action: 'check_in' };
    done.add(i);
  }

  for (const [i, passage] of passages.entries()) {
    if (done.has(i)) continue;
    changes[i] = await applyBadge(trx, passage, zoneOf(passage.userId), known, schedules.get(passage.userId));
  }
  return changes.filter((c) => c !== null);
}

async function applyBadge(
  trx: Kysely<Database>,
  passage: BadgePassage,
  timeZone: string,
  known: Known,
  schedule: Schedule | undefined,
): Promise<AttendanceChange | null> {
  const { userId, action, at } = passage;
  const date = localDate(at, timeZone);
  const key = dayKey(userId, date);
  // A day this batch lost track of (a concurrent insert won) is read again, as a fresh passage would.
  const record = known.has(key) ? known.get(key) : await findRecordForUpdate(trx, userId, date);
  if (record && (record.source === 'correction' || record.source === 'bulk')) return null;
  if (!schedule) return null;
  const remember = (row: RecordRow | undefined) => {
    if (row) known.set(key, row);
    else known.delete(key);
    return row;
  };

  if (action === 'entry') {
    if (!record) {
      const created = remember(
        await insertRecordIfAbsent(trx, {
          user_id: userId,
          date,
          check_in_time: at,
          late: isLate(schedule, date, at, timeZone),
          source: 'badge',
          created_by: userId,
        }),
      );
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
    const updated = remember(await updateRecordFromBadge(trx, record.id, change, new Date()));
    return updated ? { userId, date, action: 'check_in' } : null;
  }

  if (!record) return endNightShift(trx, passage, timeZone, known, schedule);
  const checkIn = new Date(record.check_in_time);
  const checkOut = record.check_out_time ? new Date(record.check_out_time) : null;
  const dayEnd = zonedInstant(addDays(date, 1), '00:00', timeZone);
  const lastEntry = await lastAttendanceEntry(trx, userId, checkIn, dayEnd);
  const after = lastEntry && lastEntry > checkIn ? lastEntry : checkIn;
  if (at <= after) return null;
  if (checkOut && at <= checkOut) return null;
  const updated = remember(
    await updateRecordFromBadge(
      trx,
      record.id,
      { check_out_time: at, early_exit: isEarlyExit(schedule, date, at, timeZone) },
      new Date(),
    ),
  );
  return updated ? { userId, date, action: 'check_out' } : null;
}

/** An exit on a day without a record ends yesterday's night shift still under way (night-shift.ts). */
async function endNightShift(
  trx: Kysely<Database>,
  passage: BadgePassage,
  timeZone: string,
  known: Known,
  schedule: Schedule,
): Promise<AttendanceChange | null> {
  const { userId, at } = passage;
  const yesterday = addDays(localDate(at, timeZone), -1);
  const key = dayKey(userId, yesterday);
  const record = known.has(key) ? known.get(key) : await findRecordForUpdate(trx, userId, yesterday);
  if (!record || !isNightShift(record, localDate(at, timeZone), at)) return null;
  const updated = await updateRecordFromBadge(
    trx,
    record.id,
    { check_out_time: at, early_exit: isEarlyExit(schedule, yesterday, at, timeZone) },
    new Date(),
  );
  if (updated) known.set(key, updated);
  else known.delete(key);
  return updated ? { userId, date: yesterday, action: 'check_out' } : null;
}
