import type { Db } from '../../src/db/connection';
import { upsertScheduleVersion } from '../../src/modules/organisation/departments.repository';
import { insertHoliday } from '../../src/modules/organisation/holidays.repository';
import { makeDepartment, makeUser } from './people';

export interface AttendanceOptions {
  user?: { id: number };
  date: string;
  /** Check-in as a UTC time of day on `date` ('08:55') or an instant. */
  checkIn: string | Date;
  checkOut?: string | Date | null;
  late?: boolean;
  source?: 'web' | 'bulk' | 'correction' | 'badge';
  /** Who wrote it (an administrator's correction); the person unless given. */
  by?: { id: number };
}

const instantOn = (date: string, time: string | Date) =>
  time instanceof Date ? time : new Date(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);

/** One attendance record (for a new staff member unless `user` is given). */
export async function makeAttendance(db: Db, options: AttendanceOptions) {
  const user = options.user ?? (await makeUser(db));
  const by = options.by ?? user;
  const row = await db
    .insertInto('attendance_records')
    .values({
      user_id: user.id,
      date: options.date,
      check_in_time: instantOn(options.date, options.checkIn),
      check_out_time: options.checkOut ? instantOn(options.date, options.checkOut) : null,
      late: options.late ?? false,
      source: options.source ?? 'web',
      created_by: by.id,
      updated_by: by.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, user };
}

export interface ScheduleOptions {
  /** A department's name (created when missing) or the department; a new one unless given. */
  department?: string | { id: number };
  /** ISO weekdays, 1 = Monday. */
  workdays?: number[];
  startTime?: string;
  endTime?: string;
  graceMinutes?: number;
  /**
   * The first day this version is in force. Unless given, the department's first version (in
   * force since 2000-01-01, made with the department) is replaced.
   */
  effectiveFrom?: string;
}

/**
 * A version of a department's work schedule, written as the schedule editor writes it; what is
 * not given is kept from the version in force on `effectiveFrom`.
 */
export async function makeSchedule(db: Db, options: ScheduleOptions = {}) {
  const department =
    typeof options.department === 'object'
      ? options.department
      : await makeDepartment(db, options.department);
  const effectiveFrom = options.effectiveFrom ?? '2000-01-01';
  const current = await db
    .selectFrom('work_schedules')
    .select(['start_time', 'end_time', 'grace_minutes', 'workdays'])
    .where('department_id', '=', department.id)
    .where('effective_from', '<=', effectiveFrom)
    .orderBy('effective_from', 'desc')
    .executeTakeFirst();
  const version = {
    effective_from: effectiveFrom,
    start_time: options.startTime ?? current?.start_time ?? '09:00',
    end_time: options.endTime ?? current?.end_time ?? '17:30',
    grace_minutes: options.graceMinutes ?? current?.grace_minutes ?? 10,
    workdays: options.workdays ?? current?.workdays ?? [1, 2, 3, 4, 5],
  };
  await upsertScheduleVersion(db, department.id, version);
  return { departmentId: department.id, ...version };
}

/** A public holiday (a name of its own unless given) of every site, or of `siteId`. */
export async function makeHoliday(
  db: Db,
  date: string,
  name = `Holiday ${date}`,
  siteId: number | null = null,
) {
  return insertHoliday(db, { date, name, site_id: siteId });
}
