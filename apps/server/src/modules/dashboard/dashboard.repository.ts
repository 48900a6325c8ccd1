import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SiteToday } from '../../core/clock';
import type { Database } from '../../db/schema';
import type { RecordRow } from '../attendance/attendance.repository';
import { type DayCount, dayCounts } from '../attendance/day-page.repository';
import { personSiteLateral, siteTodaysSql } from '../attendance/person-site.repository';
import { ownRecordSql } from '../attendance/today-records.repository';
import { bookedCheckOf } from '../leave/ledger.repository';
import { devicesOf, ofSite } from './site-figures.repository';

/** An extra condition of a site's (a person's, a device's), or nothing for every site. */
const siteCondition = (siteId: number | undefined, condition: (siteId: number) => RawBuilder<unknown>) =>
  siteId === undefined ? sql`` : sql`AND ${condition(siteId)}`;

/**
 * Counted people employed on `date` (person-day.ts): the head counts of 021 less the few whose
 * span starts after or ends before it (users_start_date_idx, users_end_date_idx).
 */
export async function countEmployedOn(db: Kysely<Database>, date: string): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT ((SELECT coalesce(sum(people), 0) FROM department_headcounts)
          - (SELECT count(*) FROM users u
             WHERE (u.active OR u.end_date IS NOT NULL) AND (u.start_date > ${date}::date OR u.end_date < ${date}::date)))::int AS n`.execute(
    db,
  );
  return row.rows[0]?.n ?? 0;
}

export interface PersonalFiguresRow {
  /** The person's site, whose today the figures are of. */
  siteId: number;
  /** The person's record of the day, if any. */
  record: RecordRow | undefined;
  /** Days left this year over the types with a limit (entitled less used less pending), as balances count them. */
  remainingDays: number;
  myPending: number;
  /** Whether the year is booked; when not, remainingDays is not to be trusted (see bookedBalances). */
  booked: boolean;
}

/**
 * People's own quick-stats figures, many people in one round trip: each one's site, record of
 * its today (or night shift under way), days left in its today's year and pending applications (undefined for someone who
 * does not exist). Behind every dashboard load, so prepared (see db/connection), and asked in
 * batches (the service's Batcher) as my-status is.
 */
export async function personalFigures(
  db: Kysely<Database>,
  userIds: readonly number[],
  todays: readonly SiteToday[],
): Promise<(PersonalFiguresRow | undefined)[]> {
  const result = await sql<
    RecordRow & {
      key: number;
      person_site: number;
      remaining_days: number;
      my_pending: number;
      booked: boolean;
    }
  >`/* prepared: dashboard_personal_figures */
    SELECT k.key, s.person_site, r.*,
      (SELECT coalesce(sum(l.entitled_days - l.used_days - l.pending_days), 0)
       FROM leave_ledger l JOIN leave_types t ON t.id = l.leave_type_id AND t.max_days_per_year > 0
       WHERE l.user_id = k.person AND l.leave_year = y.year) AS remaining_days,
      (SELECT count(*)::int FROM leave_applications a
       WHERE a.user_id = k.person AND a.status = 'pending') AS my_pending,
      ${bookedCheckOf(sql`k.person`, sql`y.year`)} AS booked
    FROM unnest(${userIds}::int[]) WITH ORDINALITY AS k (person, key)
    CROSS JOIN LATERAL ${personSiteLateral(sql`k.person`)} AS s
    LEFT JOIN ${siteTodaysSql(todays)} ON st.site_id = s.person_site
    CROSS JOIN LATERAL (SELECT extract(year FROM st.today)::int AS year) AS y
    LEFT JOIN LATERAL ${ownRecordSql(sql`k.person`, sql`st.today`)} r ON true`.execute(db);
  const byKey = new Map(result.rows.map((row) => [Number(row.key), row]));
  return userIds.map((_, i) => {
    const row = byKey.get(i + 1);
    if (!row) return undefined;
    const { key: _key, person_site, remaining_days, my_pending, booked, ...record } = row;
    return {
      siteId: person_site,
      record: record.id === null ? undefined : record,
      remainingDays: Number(remaining_days),
      myPending: my_pending,
      booked,
    };
  });
}

/** Active people with a record on `date`, from the per-department rollup of 021. */
export async function countPresentOn(db: Kysely<Database>, date: string): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT coalesce(sum(present), 0)::int AS n FROM attendance_department_day_totals
    WHERE date = ${date}::date`.execute(db);
  return row.rows[0]?.n ?? 0;
}

/** Milliseconds for a trivial round trip, or null when the database does not answer. */
export async function databaseLatency(db: Kysely<Database>): Promise<number | null> {
  const started = performance.now();
  try {
    await sql`SELECT 1`.execute(db);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

/** What the device check counts: devices in service (not in maintenance) by kind. */
export interface DeviceIngest {
  controllers: number;
  counters: number;
  offline: number;
  maintenance: number;
  lastEventAt: Date | null;
}

/**
 * Devices (door controllers and people counters) in service, how many of them are offline, how
 * many are in maintenance (not counted), and the latest push.
 */
export async function deviceIngest(db: Kysely<Database>): Promise<DeviceIngest> {
  const row = await sql<{
    controllers: string;
    counters: string;
    offline: string;
    maintenance: string;
    last_event: Date | null;
  }>`
    SELECT count(*) FILTER (WHERE d.status <> 'maintenance' AND d.type = 'access_controller') AS controllers,
           count(*) FILTER (WHERE d.status <> 'maintenance' AND d.type = 'counter') AS counters,
           count(*) FILTER (WHERE d.status = 'offline') AS offline,
           count(*) FILTER (WHERE d.status = 'maintenance') AS maintenance,
           -- The newest access event is the one with the highest id (the primary key (id,
           -- occurred_at) of every partition), where max(received_at) would read every row.
           GREATEST((SELECT received_at FROM access_events ORDER BY id DESC LIMIT 1),
                    (SELECT max(received_at) FROM counting_windows)) AS last_event
    FROM devices d WHERE d.removed_at IS NULL`.execute(db);
  const r = row.rows[0];
  return {
    controllers: Number(r?.controllers ?? 0),
    counters: Number(r?.counters ?? 0),
    offline: Number(r?.offline ?? 0),
    maintenance: Number(r?.maintenance ?? 0),
    lastEventAt: r?.last_event ? new Date(r.last_event) : null,
  };
}

export async function cameraCounts(db: Kysely<Database>): Promise<{ total: number; online: number }> {
  const row = await db
    .selectFrom('cameras')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'online').as('online'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), online: Number(row.online) };
}

/**
 * The list's counts per day over [from, to], oldest first (scheduled records, absent rows: what
 * the attendance rate is made of).
 */
export async function dayCountsOldestFirst(
  db: Kysely<Database>,
  from: string,
  to: string,
  today: string,
  siteId?: number,
): Promise<DayCount[]> {
  const counts = await dayCounts(db, { start: from, end: to, today, siteId });
  return counts.days.reverse();
}

export interface LeaveDaysRow {
  /** The leave type's name. */
  name: string;
  days: number;
}

/** Approved leave days whose start falls in [from, to], by leave type (of a site's people). */
export async function leaveDaysByType(
  db: Kysely<Database>,
  from: string,
  to: string,
  siteId?: number,
): Promise<LeaveDaysRow[]> {
  const rows = await sql<{ name: string; days: string }>`
    SELECT t.leave_name AS name, COALESCE(sum(a.days_requested), 0) AS days
    FROM leave_types t
    LEFT JOIN leave_applications a ON a.leave_type_id = t.id AND a.status = 'approved'
      AND a.start_date BETWEEN ${from}::date AND ${to}::date
      ${siteCondition(siteId, (site) => ofSite(sql`a.user_id`, site))}
    GROUP BY t.id, t.leave_name ORDER BY t.leave_name`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, days: Number(r.days) }));
}

/** Granted passages since an instant by local hour of day, all 24 hours (at a site's doors). */
export async function passagesByHour(
  db: Kysely<Database>,
  since: Date,
  timeZone: string,
  siteId?: number,
): Promise<{ hour: number; passages: number }[]> {
  const rows = await sql<{ hour: number; n: string }>`
    SELECT h AS hour, COALESCE(c.n, 0) AS n
    FROM generate_series(0, 23) AS h
    LEFT JOIN (
      SELECT extract(hour FROM occurred_at AT TIME ZONE ${timeZone})::int AS hour, count(*) AS n
      FROM access_events WHERE kind = 'granted' AND occurred_at >= ${since}
        ${siteCondition(siteId, (site) => sql`device_ref IN ${devicesOf(site)}`)}
      GROUP BY 1) c ON c.hour = h
    ORDER BY h`.execute(db);
  return rows.rows.map((r) => ({ hour: Number(r.hour), passages: Number(r.n) }));
}

/** Mean entries per local day by ISO weekday over [since, until), read from the hourly rollup (a site's counters). */
export async function footTrafficByWeekday(
  db: Kysely<Database>,
  since: Date,
  until: Date,
  timeZone: string,
  siteId?: number,
): Promise<{ weekday: number; entries: number }[]> {
  const rows = await sql<{ weekday: number; mean: string | null }>`
    SELECT w AS weekday, COALESCE(avg(daily.entries), 0) AS mean
    FROM generate_series(1, 7) AS w
    LEFT JOIN (
      SELECT (hour AT TIME ZONE ${timeZone})::date AS day, sum(entries) AS entries
      FROM counting_hourly WHERE hour >= ${since} AND hour < ${until}
        ${siteCondition(siteId, (site) => sql`device_id IN ${devicesOf(site)}`)}
      GROUP BY 1) daily ON extract(isodow FROM daily.day)::int = w
    GROUP BY w ORDER BY w`.execute(db);
  return rows.rows.map((r) => ({ weekday: Number(r.weekday), entries: Math.round(Number(r.mean ?? 0)) }));
}

export interface OtherActivityRow {
  type: 'leave' | 'access';
  user_id: number;
  first_name: string;
  last_name: string;
  at: Date;
  /** leave: applied / approved / rejected / cancelled; access: entry / exit / denied. */
  what: string;
  /** leave: the leave type; access: the access point or device code. */
  place: string;
}

/** How far back the latest passages are looked for first: one or two monthly partitions. */
const RECENT_PASSAGES_MS = 7 * 86_400_000;

/**
 * The latest leave applications and decisions and the latest passages with a person, up to now;
 * with a site, its people's applications and its doors' passages of the last week (a site's quiet
 * door is not looked for through every partition).
 */
export async function latestLeaveAndAccess(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  siteId?: number,
): Promise<OtherActivityRow[]> {
  const [leave, recent] = await Promise.all([
    latestLeave(db, now, limit, siteId),
    latestPassages(db, now, limit, new Date(now.getTime() - RECENT_PASSAGES_MS), siteId),
  ]);
  // A quiet week: the passages before it, from every partition.
  const passages =
    recent.length < limit && siteId === undefined ? await latestPassages(db, now, limit) : recent;
  return [...leave, ...passages].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** The latest applications and decisions; names joined to the rows found (see latestActivity). */
async function latestLeave(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  siteId?: number,
): Promise<OtherActivityRow[]> {
  const site = siteCondition(siteId, (s) => ofSite(sql`user_id`, s));
  const result = await sql<OtherActivityRow>`
    SELECT 'leave' AS type, a.user_id, u.first_name, u.last_name, a.at, a.what, t.leave_name AS place
    FROM (
      (SELECT user_id, leave_type_id, applied_at AS at, 'applied' AS what FROM leave_applications
       WHERE applied_at <= ${now} ${site} ORDER BY applied_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT user_id, leave_type_id, decided_at, status FROM leave_applications
       WHERE decided_at IS NOT NULL AND decided_at <= ${now} ${site} ORDER BY decided_at DESC LIMIT ${limit})
      ORDER BY at DESC LIMIT ${limit}
    ) AS a
    JOIN users u ON u.id = a.user_id
    JOIN leave_types t ON t.id = a.leave_type_id
    ORDER BY a.at DESC`.execute(db);
  return result.rows;
}

/**
 * The latest passages with a person up to now; with `since`, only those after it, which the
 * planner prunes to the partitions it spans (every one of two years' partitions costs more to
 * plan and open than the five rows cost to read). Names are joined to the rows found.
 */
async function latestPassages(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  since?: Date,
  siteId?: number,
): Promise<OtherActivityRow[]> {
  const after = since ? sql`AND occurred_at > ${since}` : sql``;
  const site = siteCondition(siteId, (s) => sql`device_ref IN ${devicesOf(s)}`);
  const result = await sql<OtherActivityRow>`
    SELECT 'access' AS type, e.user_id, u.first_name, u.last_name, e.occurred_at AS at,
           CASE WHEN e.kind = 'denied' THEN 'denied' ELSE COALESCE(e.action, 'entry') END AS what,
           COALESCE(p.name, e.device_code) AS place
    FROM (SELECT user_id, occurred_at, kind, action, access_point_id, device_code FROM access_events
          WHERE kind IN ('granted', 'denied') AND user_id IS NOT NULL AND occurred_at <= ${now} ${after} ${site}
          ORDER BY occurred_at DESC LIMIT ${limit}) AS e
    JOIN users u ON u.id = e.user_id
    LEFT JOIN access_points p ON p.id = e.access_point_id
    ORDER BY e.occurred_at DESC`.execute(db);
  return result.rows;
}
