import type { AttendanceSource, AttendanceStatus } from '@atrium/contract';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { SiteToday } from '../../core/clock';
import { containsPattern } from '../../db/like';
import type { AttendanceRecordsTable, Database } from '../../db/schema';
import { personName } from '../people/people.repository';
import { countInBuilding } from './in-building.repository';
import type { DayKind } from './person-day';
import {
  countedPerson,
  dayKindSql,
  employedOn,
  excusedDays,
  leaveOn,
  leaveTypeOn,
  ownSiteDays,
} from './person-day.repository';
import { dayHasCome, personSiteSql } from './person-site.repository';
import { calendarKey, scheduleDays, scheduledDepartments } from './schedules.repository';

export type RecordRow = Selectable<AttendanceRecordsTable>;

/** A person's record of a day. Prepared (see db/connection): it is behind every dashboard's load. */
export async function findRecord(
  db: Kysely<Database>,
  userId: number,
  date: string,
): Promise<RecordRow | undefined> {
  const result = await sql<RecordRow>`/* prepared: attendance_find_record */
    SELECT * FROM attendance_records WHERE user_id = ${userId} AND date = ${date}`.execute(db);
  return result.rows[0];
}

/** A person's record of a day, locked: a badge, an approval and a check-out cannot interleave. */
export async function findRecordForUpdate(db: Kysely<Database>, userId: number, date: string) {
  return db
    .selectFrom('attendance_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .forUpdate()
    .executeTakeFirst();
}

export async function findRecordById(db: Kysely<Database>, id: number, forUpdate = false) {
  let q = db.selectFrom('attendance_records').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface NewRecord {
  user_id: number;
  date: string;
  check_in_time: Date;
  check_out_time?: Date | null;
  late: boolean;
  early_exit?: boolean;
  source: AttendanceSource;
  created_by: number;
}

/** The unique (user, date) constraint decides races: a second insert returns nothing. */
export async function insertRecordIfAbsent(db: Kysely<Database>, record: NewRecord) {
  return db
    .insertInto('attendance_records')
    .values({ ...record, updated_by: record.created_by })
    .onConflict((oc) => oc.constraint('attendance_one_per_day').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Many days' records in one statement, each unless its day has one; returns those inserted. */
export async function insertRecordsIfAbsent(db: Kysely<Database>, records: NewRecord[]) {
  if (records.length === 0) return [];
  return db
    .insertInto('attendance_records')
    .values(records.map((r) => ({ ...r, updated_by: r.created_by })))
    .onConflict((oc) => oc.constraint('attendance_one_per_day').doNothing())
    .returningAll()
    .execute();
}

/**
 * Many people's records in one statement, each announced by its own event (`payload`, from the
 * bus's encode) through `announce` (the bus's notificationOf): a row whose person already has
 * that day (attendance_one_per_day) is skipped and not announced, and the announcements are
 * delivered when the statement commits, so it needs no transaction. At most one record per
 * person and day may be given. Returns the rows inserted.
 *
 * The rows travel as one array per column, so the statement's text is the same for 1 or 500.
 * They are inserted in (user, date) order, the order the rollup trigger locks its rows in.
 */
export async function insertRecordsAnnounced(
  db: Kysely<Database>,
  records: (NewRecord & { payload: string })[],
  announce: (payload: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<RecordRow[]> {
  if (records.length === 0) return [];
  const column = <T>(pick: (r: NewRecord & { payload: string }) => T) => records.map(pick);
  const result = await sql<RecordRow>`
    WITH given AS (
      SELECT * FROM unnest(
        ${column((r) => r.user_id)}::int[], ${column((r) => r.date)}::date[],
        ${column((r) => r.check_in_time.toISOString())}::timestamptz[], ${column((r) => r.late)}::boolean[],
        ${column((r) => r.source)}::text[], ${column((r) => r.created_by)}::int[],
        ${column((r) => r.payload)}::text[]
      ) AS g (user_id, date, check_in_time, late, source, created_by, payload)
    ), created AS (
      INSERT INTO attendance_records (user_id, date, check_in_time, late, source, created_by, updated_by)
      SELECT user_id, date, check_in_time, late, source, created_by, created_by
      FROM given ORDER BY user_id, date
      ON CONFLICT ON CONSTRAINT attendance_one_per_day DO NOTHING
      RETURNING *
    )
    SELECT created.*, ${announce(sql.ref('given.payload'))} AS announced
    FROM created JOIN given USING (user_id, date)`.execute(db);
  return result.rows.map(({ announced: _, ...row }: RecordRow & { announced?: unknown }) => row);
}

/** Sets the check-out only when none is recorded, so two check-outs cannot both succeed. */
export async function setCheckOutIfOpen(
  db: Kysely<Database>,
  userId: number,
  date: string,
  at: Date,
  earlyExit: boolean,
) {
  return db
    .updateTable('attendance_records')
    .set({ check_out_time: at, early_exit: earlyExit, updated_by: userId, updated_at: at })
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .where('check_out_time', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function updateRecordTimes(
  db: Kysely<Database>,
  id: number,
  change: {
    check_in_time: Date;
    check_out_time: Date | null;
    late: boolean;
    early_exit: boolean;
    updated_by: number;
    at: Date;
  },
) {
  return db
    .updateTable('attendance_records')
    .set({
      check_in_time: change.check_in_time,
      check_out_time: change.check_out_time,
      late: change.late,
      early_exit: change.early_exit,
      source: 'correction',
      updated_by: change.updated_by,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRecord(db: Kysely<Database>, id: number) {
  return db.deleteFrom('attendance_records').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteRecordsOn(db: Kysely<Database>, userIds: number[], date: string) {
  return db
    .deleteFrom('attendance_records')
    .where('date', '=', date)
    .where('user_id', 'in', userIds)
    .returningAll()
    .execute();
}

export async function recordsBetween(db: Kysely<Database>, userId: number, start: string, end: string) {
  return db
    .selectFrom('attendance_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .orderBy('date')
    .execute();
}

export interface DayRowFilter {
  start: string;
  end: string;
  today: string;
  /**
   * Every site's today, when they may differ: a person's absence counts once their own site's
   * day has come (cameOn). Without it, `today` is everyone's.
   */
  todays?: readonly Pick<SiteToday, 'siteId' | 'date'>[];
  userIds?: number[];
  /** Only the people of these departments (one chosen, or a manager's team). */
  departmentIds?: readonly number[];
  /** Only the people of this site: their own, else their department's (personSiteSql). */
  siteId?: number;
  status?: AttendanceStatus;
  search?: string;
  /** Every person on every day (a single record's row); the list only shows records and absences. */
  everyDay?: boolean;
}

export interface DayRow {
  record_id: number | null;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  employee_number: string;
  department_id: number | null;
  department_name: string | null;
  date: string;
  check_in_time: Date | null;
  check_out_time: Date | null;
  late: boolean | null;
  early_exit: boolean | null;
  source: AttendanceSource | null;
  scheduled: boolean;
  status: AttendanceStatus;
  /** The approved leave type covering the day, if any. */
  leave_type: string | null;
}

/**
 * The person-day columns of a users row `u` and its record `r` (or none) on `day`: what
 * person-day.ts makes the day (`kind`), and the list's status of a listed one. `scheduled` says
 * whether the day is a workday of the person's department (never a holiday).
 */
export function dayColumns(
  day: RawBuilder<unknown>,
  scheduled: RawBuilder<unknown>,
  come: RawBuilder<boolean>,
) {
  const kind = dayKindSql({
    record: sql`r.id IS NOT NULL`,
    employed: employedOn('u', day),
    holiday: sql`false`,
    scheduled,
    leave: leaveOn(sql`u.id`, day),
    come,
  });
  return {
    kind,
    status: sql<AttendanceStatus>`CASE WHEN r.id IS NULL THEN k.kind
      WHEN r.check_out_time IS NULL THEN 'checked_in' ELSE 'complete' END`,
    leaveType: leaveTypeOn(sql`u.id`, day),
  };
}

/** Whether `day` has come at `site` (a person's or a department's): on or before its today. */
export function cameOn(f: DayRowFilter, day: RawBuilder<unknown>, site: RawBuilder<unknown>) {
  return f.todays ? dayHasCome(day, site, f.todays) : sql<boolean>`(${day} <= ${f.today}::date)`;
}

/** The kinds of day the list shows a row for. */
export const LISTED_KINDS: DayKind[] = ['worked', 'on_leave', 'absent'];

/**
 * The people a day-row list shows: counted (countedPerson), within the filter (`u` users). The search matches the
 * name, the email or the department's name; each arm can use an index (022: trigram indexes on
 * the name and the email, users_department_idx for the matching departments), so a rare name is
 * found without walking everyone.
 */
export function personFilter(f: DayRowFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [countedPerson('u')];
  if (f.userIds) where.push(sql`u.id = ANY(${f.userIds}::int[])`);
  if (f.departmentIds !== undefined) where.push(sql`u.department_id = ANY (${f.departmentIds}::int[])`);
  // A person's own site, else their department's: the department by a lookup, as callers join it under various names.
  if (f.siteId !== undefined)
    where.push(sql`coalesce(u.site_id, (SELECT s.site_id FROM departments s WHERE s.id = u.department_id),
      first_site()) = ${f.siteId}`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(sql`(${personName} ILIKE ${pattern} OR u.email ILIKE ${pattern}
      OR u.department_id = ANY (ARRAY(SELECT d.id FROM departments d WHERE d.name ILIKE ${pattern})))`);
  }
  return sql.join(where, sql` AND `);
}

/**
 * Person-days in a date range: every record, plus an on-leave or absent row for each active,
 * employed person on each scheduled day without one (person-day.ts; absences up to today).
 * With `everyDay`, every day up to today whatever it is (a single record's row). Absences are
 * computed here, never stored.
 */
function dayRows(f: DayRowFilter): RawBuilder<unknown> {
  const come = cameOn(f, sql`days.date`, personSiteSql('u', 'dep'));
  const columns = dayColumns(sql`days.date`, sql`days.scheduled`, come);
  const keep = f.everyDay ? come : sql`k.kind = ANY (${LISTED_KINDS}::text[])`;
  const statusFilter = f.status ? sql`WHERE status = ${f.status}` : sql``;
  return sql`(
    SELECT * FROM (
      SELECT r.id AS record_id, u.id AS user_id, u.first_name, u.last_name, u.email, u.employee_number,
             u.department_id, dep.name AS department_name, to_char(days.date, 'YYYY-MM-DD') AS date,
             r.check_in_time, r.check_out_time, r.late, r.early_exit, r.source, days.scheduled,
             ${columns.status} AS status, ${columns.leaveType} AS leave_type
      FROM users u
      LEFT JOIN departments dep ON dep.id = u.department_id
      JOIN ${scheduleDays(f.start, f.end)} AS days ON days.dept_key = ${calendarKey('u')}
      LEFT JOIN attendance_records r ON r.user_id = u.id AND r.date = days.date
        -- The range again: the planner cannot see through the generated day, and would otherwise
        -- hash every record ever written (5.5 s for one day at 50,000 people; 0.5 s with it).
        AND r.date BETWEEN ${f.start}::date AND ${f.end}::date
      CROSS JOIN LATERAL (SELECT ${columns.kind} AS kind) AS k
      WHERE ${personFilter(f)} AND ${keep}
    ) AS rows ${statusFilter}
  )`;
}

/** Every row of the range, for single records (the list pages with pageDayRows). */
export async function listDayRows(db: Kysely<Database>, f: DayRowFilter): Promise<DayRow[]> {
  const result = await sql<DayRow>`SELECT * FROM ${dayRows(f)} AS d
    ORDER BY d.date DESC, d.last_name, d.first_name, d.user_id`.execute(db);
  return result.rows;
}

export interface DepartmentDayRow {
  id: number | null;
  name: string | null;
  total: number;
  present: number;
  still_in: number;
  late: number;
  absent: number;
  on_leave: number;
  scheduled: boolean;
}

/**
 * Head counts per department for one date, from the rollups of 021 (a row per department) and
 * person-day.ts's corrections: `total` is the people employed that day, `absent` those of them
 * scheduled (under the version in force then; nobody on a public holiday) without a record and
 * without approved leave, `on_leave` those with it. Departments without active people are left out.
 */
export async function departmentDay(db: Kysely<Database>, date: string, today: string) {
  const result = await sql<DepartmentDayRow>`
    WITH excused AS MATERIALIZED (SELECT * FROM ${excusedDays(countedPerson('u'), [date])} AS x),
         own_site AS MATERIALIZED (
           SELECT * FROM ${ownSiteDays(countedPerson('u'), [date], (day) => sql<boolean>`${day} <= ${today}::date`)} AS o)
    SELECT dep.id, dep.name, h.people - coalesce(x.not_employed, 0) AS total,
           coalesce(d.present, 0) AS present,
           coalesce(d.open, 0) AS still_in,
           coalesce(d.late, 0) AS late,
           -- People with a site of their own count by their own calendar, not their department's.
           CASE WHEN sch.scheduled AND ${date}::date <= ${today}::date
                THEN h.people - coalesce(d.present, 0) - coalesce(x.on_leave, 0) - coalesce(x.not_employed, 0)
                ELSE 0 END + coalesce(o.absent, 0) AS absent,
           CASE WHEN sch.scheduled THEN coalesce(x.on_leave, 0) ELSE 0 END + coalesce(o.on_leave, 0) AS on_leave,
           sch.scheduled
    FROM department_headcounts h
    LEFT JOIN departments dep ON dep.id = h.dept_key
    LEFT JOIN attendance_department_day_totals d ON d.date = ${date}::date AND d.dept_key = h.dept_key
    LEFT JOIN excused x ON x.dept_key = h.dept_key
    LEFT JOIN own_site o ON o.dept_key = h.dept_key
    CROSS JOIN ${scheduledDepartments(date, date)} AS sd
    CROSS JOIN LATERAL (SELECT h.dept_key = ANY (sd.keys) AS scheduled) AS sch
    WHERE h.people > 0
    ORDER BY h.people DESC, dep.name`.execute(db);
  return result.rows;
}

/**
 * Organisation figures for one date; the overview and the dashboard show the same numbers. Today,
 * "still in building" is who is in now (in-building.repository.ts, as Access Control counts);
 * on a past date, the records never checked out.
 */
export async function dayFigures(
  db: Kysely<Database>,
  date: string,
  today: { date: string; dayStart: Date },
): Promise<{ rows: DepartmentDayRow[]; inBuilding: number | undefined }> {
  const [rows, inBuilding] = await Promise.all([
    departmentDay(db, date, today.date),
    date === today.date ? countInBuilding(db, today.date, today.dayStart) : undefined,
  ]);
  return { rows, inBuilding };
}

export interface ActivityRow {
  user_id: number;
  first_name: string;
  last_name: string;
  at: Date;
  kind: 'check_in' | 'check_out';
}

/**
 * The latest check-ins and check-outs up to now, newest first. Names are joined to the few rows
 * found, not to the records the planner would otherwise expect (and cache lookups for: a Memoize
 * node sized for 25 million rows cost 20-40 ms to set up, for five rows).
 */
export async function latestActivity(db: Kysely<Database>, now: Date, limit: number, siteId?: number) {
  // A site's people's records of the last week: the newest of one site are not looked for through every record.
  const site =
    siteId === undefined
      ? sql``
      : sql`AND check_in_time > ${new Date(now.getTime() - 7 * 86_400_000)}
            AND user_id IN (SELECT su.id FROM users su LEFT JOIN departments sd ON sd.id = su.department_id
                            WHERE coalesce(su.site_id, sd.site_id, first_site()) = ${siteId})`;
  const result = await sql<ActivityRow>`
    SELECT r.user_id, u.first_name, u.last_name, r.at, r.kind FROM (
      (SELECT user_id, check_in_time AS at, 'check_in' AS kind FROM attendance_records
       WHERE check_in_time <= ${now} ${site} ORDER BY check_in_time DESC LIMIT ${limit})
      UNION ALL
      (SELECT user_id, check_out_time, 'check_out' FROM attendance_records
       WHERE check_out_time IS NOT NULL AND check_out_time <= ${now} ${site}
       ORDER BY check_out_time DESC LIMIT ${limit})
      ORDER BY at DESC LIMIT ${limit}
    ) AS r
    JOIN users u ON u.id = r.user_id
    ORDER BY r.at DESC`.execute(db);
  return result.rows;
}
