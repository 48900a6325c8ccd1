import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { countedPerson } from '../attendance/person-day.repository';

/** Departments (all, or these) whose working day has not begun at `localTime` on `date`: start plus grace is later. */
export async function departmentsNotStarted(
  db: Kysely<Database>,
  departmentIds: readonly number[] | undefined,
  date: string,
  localTime: string,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    SELECT d.id FROM departments d
    CROSS JOIN LATERAL (
      SELECT ws.start_time, ws.grace_minutes FROM work_schedules ws
      WHERE ws.department_id = d.id AND ws.effective_from <= ${date}::date
      ORDER BY ws.effective_from DESC LIMIT 1) s
    WHERE (${departmentIds ?? null}::int[] IS NULL OR d.id = ANY (${departmentIds ?? null}::int[]))
      AND s.start_time + make_interval(mins => s.grace_minutes) > ${localTime}::time`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Of the records of `date`, those marked late, of counted people in these departments (all when undefined). */
export async function lateOn(
  db: Kysely<Database>,
  date: string,
  departmentIds: readonly number[] | undefined,
): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM attendance_records r JOIN users u ON u.id = r.user_id
    WHERE r.date = ${date}::date AND r.late AND ${countedPerson('u')}
      AND (${departmentIds ?? null}::int[] IS NULL OR u.department_id = ANY (${departmentIds ?? null}::int[]))`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}

export interface PassageRow {
  user_id: number;
  last_action: 'entry' | 'exit';
  last_at: Date;
  access_point: string | null;
}

/** Each of these people's last door passage, where they have one. */
export async function lastPassages(db: Kysely<Database>, userIds: readonly number[]): Promise<PassageRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('access_presence as p')
    .leftJoin('access_points as ap', 'ap.id', 'p.access_point_id')
    .select(['p.user_id', 'p.last_action', 'p.last_at', 'ap.name as access_point'])
    .where('p.user_id', 'in', [...userIds])
    .execute();
}

/** Active people of these departments (everyone's when undefined): the size a clash is judged by. */
export async function activeHeadcount(
  db: Kysely<Database>,
  departmentIds: readonly number[] | undefined,
): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM users u
    WHERE u.active ${departmentIds === undefined ? sql`` : sql`AND u.department_id = ANY (${departmentIds}::int[])`}`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}
