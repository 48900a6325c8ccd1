import type { AttendanceSource } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type DayRowFilter, personFilter } from './attendance.repository';
import { scheduleDays } from './schedules.repository';

/** A person the export lists on every day of its range. */
export interface ExportPerson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  department_name: string | null;
  /** The person's department, 0 without one (scheduleDays' dept_key). */
  dept_key: number;
}

/** The people the list's filters leave (active, `f.userIds`, department, search), in no order. */
export async function exportPeople(db: Kysely<Database>, f: DayRowFilter): Promise<ExportPerson[]> {
  const result = await sql<ExportPerson>`
    SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, dep.name AS department_name,
           coalesce(u.department_id, 0) AS dept_key
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    WHERE ${personFilter(f)}`.execute(db);
  return result.rows;
}

export interface ExportRecord {
  user_id: number;
  date: string;
  check_in_time: Date;
  check_out_time: Date | null;
  late: boolean;
  early_exit: boolean;
  source: AttendanceSource;
}

/**
 * The records of a date range by date, then person, read through a cursor a chunk at a time:
 * the order of attendance_records_report_idx (date, user_id), so PostgreSQL walks the index
 * and sorts nothing, and the memory held does not grow with the range. `userIds` narrows to
 * those people; without it every person's records come (the caller skips whom it does not list).
 */
export function streamRangeRecords(
  db: Kysely<Database>,
  range: { start: string; end: string },
  userIds?: number[],
): AsyncIterable<ExportRecord> {
  let query = db
    .selectFrom('attendance_records')
    .select(['user_id', 'date', 'check_in_time', 'check_out_time', 'late', 'early_exit', 'source'])
    .where('date', '>=', range.start)
    .where('date', '<=', range.end);
  if (userIds) query = query.where('user_id', '=', sql<number>`ANY(${userIds}::int[])`);
  return query.orderBy('date').orderBy('user_id').stream(1000);
}

/** What a day without a record is for each department: its label in the file. */
export type DayKind = 'Absent' | 'Not scheduled' | 'Holiday';

/** Per date of the range, per department key: Absent on a workday, Holiday, or Not scheduled. */
export async function exportCalendar(
  db: Kysely<Database>,
  range: { start: string; end: string },
): Promise<Map<string, Map<number, DayKind>>> {
  const result = await sql<{ dept_key: number; date: string; scheduled: boolean; holiday: boolean }>`
    SELECT dept_key, to_char(date, 'YYYY-MM-DD') AS date, scheduled, holiday
    FROM ${scheduleDays(range.start, range.end)} AS c`.execute(db);
  const calendar = new Map<string, Map<number, DayKind>>();
  for (const row of result.rows) {
    const day = calendar.get(row.date) ?? new Map<number, DayKind>();
    day.set(row.dept_key, row.holiday ? 'Holiday' : row.scheduled ? 'Absent' : 'Not scheduled');
    calendar.set(row.date, day);
  }
  return calendar;
}
