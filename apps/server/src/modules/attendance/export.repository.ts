import type { AttendanceSource } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type DayRowFilter, personFilter } from './attendance.repository';

/** A person the export lists on every day of its range. */
export interface ExportPerson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  department_name: string | null;
  /** ISO weekdays (1 = Monday) the person's department works. */
  workdays: number[];
}

/** The people the list's filters leave (active, `f.userIds`, department, search), in no order. */
export async function exportPeople(db: Kysely<Database>, f: DayRowFilter): Promise<ExportPerson[]> {
  const result = await sql<ExportPerson>`
    SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, dep.name AS department_name,
           COALESCE(ws.workdays, '{1,2,3,4,5}'::smallint[]) AS workdays
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
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
