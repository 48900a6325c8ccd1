import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type DayRow, type DayRowFilter, personFilter } from './attendance.repository';

export type ExportRow = Pick<
  DayRow,
  | 'user_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'employee_number'
  | 'department_name'
  | 'date'
  | 'check_in_time'
  | 'check_out_time'
  | 'late'
  | 'early_exit'
  | 'source'
  | 'scheduled'
  | 'status'
>;

/**
 * Every person on every day of the range (up to `f.end`), oldest day first, then by last name
 * and id, read through a cursor: one query whose rows arrive a chunk at a time, so the memory
 * held does not grow with the range or the organisation.
 *
 * People are ranked once by last name in the ICU root collation, the order JavaScript's
 * localeCompare gives (the database's own collation may be C, which puts "de Vries" after
 * "Zhang"), so the day-by-day sort is on integers.
 */
export function streamExportRows(db: Kysely<Database>, f: DayRowFilter): AsyncIterable<ExportRow> {
  const rows = sql<ExportRow & { day: string; rank: number }>`(
    SELECT p.id AS user_id, p.first_name, p.last_name, p.email, p.employee_number, p.department_name,
           g.day::date AS day, p.rank, to_char(g.day, 'YYYY-MM-DD') AS date,
           r.check_in_time, r.check_out_time, r.late, r.early_exit, r.source,
           extract(isodow FROM g.day)::smallint = ANY (p.workdays) AS scheduled,
           CASE WHEN r.id IS NULL THEN 'absent'
                WHEN r.check_out_time IS NULL THEN 'checked_in' ELSE 'complete' END AS status
    FROM generate_series(${f.start}::date, ${f.end}::date, interval '1 day') AS g (day)
    CROSS JOIN (
      SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, dep.name AS department_name,
             COALESCE(ws.workdays, '{1,2,3,4,5}'::smallint[]) AS workdays,
             row_number() OVER (ORDER BY u.last_name COLLATE "und-x-icu", u.id) AS rank
      FROM users u
      LEFT JOIN departments dep ON dep.id = u.department_id
      LEFT JOIN work_schedules ws ON ws.department_id = u.department_id
      WHERE ${personFilter(f)}
    ) AS p
    LEFT JOIN attendance_records r ON r.user_id = p.id AND r.date = g.day::date
      -- The range again, so only the range's records are read (the planner cannot see through g).
      AND r.date BETWEEN ${f.start}::date AND ${f.end}::date
  )`;
  return db
    .selectFrom(rows.as('x'))
    .select([
      'x.user_id',
      'x.first_name',
      'x.last_name',
      'x.email',
      'x.employee_number',
      'x.department_name',
      'x.date',
      'x.check_in_time',
      'x.check_out_time',
      'x.late',
      'x.early_exit',
      'x.source',
      'x.scheduled',
      'x.status',
    ])
    .orderBy('x.day')
    .orderBy('x.rank')
    .stream(2000);
}
