import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { DepartmentDayRow } from './attendance.repository';
import { countedPerson, dayKindSql, employedOn, leaveOn } from './person-day.repository';
import { personSiteSql } from './person-site.repository';
import { calendarKey, scheduleDays } from './schedules.repository';

/**
 * departmentDay (attendance.repository.ts) of one site's people (their own site, else their
 * department's) on one date: read person by person with the list's day kinds (person-day.ts)
 * rather than from the organisation-wide rollups, which know departments but not people's own
 * sites. A site's people are a few thousand at most, on indexed records of one date.
 */
export async function siteDepartmentDay(
  db: Kysely<Database>,
  siteId: number,
  date: string,
  today: string,
): Promise<DepartmentDayRow[]> {
  const day = sql`days.date`;
  const kind = dayKindSql({
    record: sql`r.id IS NOT NULL`,
    employed: employedOn('u', day),
    holiday: sql`false`,
    scheduled: sql`days.scheduled`,
    leave: leaveOn(sql`u.id`, day),
    come: sql`(${day} <= ${today}::date)`,
  });
  const result = await sql<DepartmentDayRow>`
    SELECT dep.id, dep.name,
           count(*) FILTER (WHERE k.kind <> 'not_employed')::int AS total,
           count(r.id)::int AS present,
           count(r.id) FILTER (WHERE r.check_out_time IS NULL)::int AS still_in,
           count(r.id) FILTER (WHERE r.late)::int AS late,
           count(*) FILTER (WHERE k.kind = 'absent')::int AS absent,
           count(*) FILTER (WHERE k.kind = 'on_leave')::int AS on_leave,
           bool_or(days.scheduled) AS scheduled
    FROM users u
    LEFT JOIN departments dep ON dep.id = u.department_id
    JOIN ${scheduleDays(date, date)} AS days ON days.dept_key = ${calendarKey('u')}
    LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = ${date}::date
    CROSS JOIN LATERAL (SELECT ${kind} AS kind) AS k
    WHERE ${countedPerson('u')} AND ${personSiteSql('u', 'dep')} = ${siteId}
    GROUP BY dep.id, dep.name
    ORDER BY total DESC, dep.name`.execute(db);
  return result.rows;
}
