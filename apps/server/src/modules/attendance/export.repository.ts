import type { AttendanceSource } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type DayRowFilter, personFilter } from './attendance.repository';
import { calendarKey, scheduleDays } from './schedules.repository';

/** A person the export lists on every day of its range. */
export interface ExportPerson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  department_name: string | null;
  /** The person's calendar in scheduleDays (calendarKey). */
  dept_key: number;
  start_date: string | null;
  end_date: string | null;
}

/** The people the list's filters leave (active, `f.userIds`, department, search), in no order. */
export async function exportPeople(db: Kysely<Database>, f: DayRowFilter): Promise<ExportPerson[]> {
  const result = await sql<ExportPerson>`
    SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, dep.name AS department_name,
           ${calendarKey('u')} AS dept_key, u.start_date, u.end_date
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

/** A department's day: a workday of the schedule in force (`scheduled`), or a public holiday. */
export interface CalendarDay {
  scheduled: boolean;
  holiday: boolean;
}

/** Per date of the range, per department key: whether it is a workday or a holiday. */
export async function exportCalendar(
  db: Kysely<Database>,
  range: { start: string; end: string },
): Promise<Map<string, Map<number, CalendarDay>>> {
  const result = await sql<{ dept_key: number; date: string; scheduled: boolean; holiday: boolean }>`
    SELECT dept_key, to_char(date, 'YYYY-MM-DD') AS date, scheduled, holiday
    FROM ${scheduleDays(range.start, range.end)} AS c`.execute(db);
  const calendar = new Map<string, Map<number, CalendarDay>>();
  for (const row of result.rows) {
    const day = calendar.get(row.date) ?? new Map<number, CalendarDay>();
    day.set(row.dept_key, { scheduled: row.scheduled, holiday: row.holiday });
    calendar.set(row.date, day);
  }
  return calendar;
}

/**
 * Approved leave of the filter's people within the range: per date, per person, the leave type's
 * name. Only leave days are held (a few per person a month), not every person-day.
 */
export async function exportLeave(
  db: Kysely<Database>,
  f: DayRowFilter,
): Promise<Map<string, Map<number, string>>> {
  const result = await sql<{ date: string; user_id: number; leave_type: string }>`
    SELECT to_char(g.day, 'YYYY-MM-DD') AS date, la.user_id, lt.leave_name AS leave_type
    FROM leave_applications la
    JOIN users u ON u.id = la.user_id
    JOIN leave_types lt ON lt.id = la.leave_type_id
    CROSS JOIN LATERAL generate_series(greatest(la.start_date, ${f.start}::date),
                                       least(la.end_date, ${f.end}::date), interval '1 day') AS g (day)
    WHERE la.status = 'approved' AND la.start_date <= ${f.end}::date AND la.end_date >= ${f.start}::date
      AND ${personFilter(f)}`.execute(db);
  const leave = new Map<string, Map<number, string>>();
  for (const row of result.rows) {
    const day = leave.get(row.date) ?? new Map<number, string>();
    day.set(row.user_id, row.leave_type);
    leave.set(row.date, day);
  }
  return leave;
}
