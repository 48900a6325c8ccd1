import { type RawBuilder, sql } from 'kysely';
import { holidayAt, personSite } from '../organisation/holidays.repository';

/** A value (sent as a parameter) or a column of the surrounding query (sql`a.user_id`). */
export type SqlValue = RawBuilder<unknown> | string | number | null;

/**
 * The one answer to "which dates from `from` to `to` are working days for this person": the days
 * of the week their department's work schedule works under the version in force that day (Monday
 * to Friday without a department, as the attendance reports count), less the public holidays of
 * their site (their own, else their department's) and of every site. A derived table of one
 * column, `day`.
 *
 * Everything that charges leave by working days reads it (applying, the wizard's count, the
 * recount when a holiday changes, the leave report), so what a working day is changes here alone.
 */
export function workingDaysOf(userId: SqlValue, from: SqlValue, to: SqlValue): RawBuilder<{ day: string }> {
  return sql`(
    SELECT d::date AS day
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    WHERE extract(isodow FROM d)::smallint = ANY (coalesce(
        (SELECT ws.workdays FROM users u JOIN work_schedules ws ON ws.department_id = u.department_id
         WHERE u.id = ${userId}
         -- The version in force that day; a department's first version reaches back forever.
         ORDER BY ws.effective_from <= d::date DESC,
                  CASE WHEN ws.effective_from <= d::date THEN ws.effective_from END DESC NULLS LAST,
                  ws.effective_from
         LIMIT 1),
        '{1,2,3,4,5}'::smallint[]))
      AND NOT ${holidayAt(personSite(userId), sql`d::date`)}
  )`;
}
