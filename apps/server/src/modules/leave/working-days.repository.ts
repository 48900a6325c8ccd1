import { type RawBuilder, sql } from 'kysely';

/** A value (sent as a parameter) or a column of the surrounding query (sql`a.user_id`). */
export type SqlValue = RawBuilder<unknown> | string | number | null;

/**
 * The one answer to "which dates from `from` to `to` are working days for this person": the days
 * of the week their department's work schedule works (Monday to Friday without a department, as
 * the attendance reports count), less public holidays. A derived table of one column, `day`.
 *
 * Everything that charges leave by working days reads it (applying, the wizard's count, the
 * recount when a holiday changes, the leave report), so what a working day is changes here alone,
 * e.g. to read the schedule in effect on each day rather than the department's current one.
 */
export function workingDaysOf(userId: SqlValue, from: SqlValue, to: SqlValue): RawBuilder<{ day: string }> {
  return sql`(
    SELECT d::date AS day
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    WHERE extract(isodow FROM d)::smallint = ANY (coalesce(
        (SELECT ws.workdays FROM users u JOIN work_schedules ws ON ws.department_id = u.department_id
         WHERE u.id = ${userId}),
        '{1,2,3,4,5}'::smallint[]))
      AND NOT EXISTS (SELECT 1 FROM public_holidays h WHERE h.date = d::date)
  )`;
}
