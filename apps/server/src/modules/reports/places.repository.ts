import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { DayTotals } from '../counting/counting.repository';
import type { Range } from './reports.repository';

/**
 * The reports about places rather than people: doors (access) and people counters. Each event is
 * dated on its own site's local day (its door's or device's site), so a report over sites in
 * several zones counts every site's days as that site lives them; with `siteId`, that site's
 * doors and counters alone.
 */

/**
 * `at` is some day of the range somewhere: local days span UTC-12 to UTC+14, so the range's UTC
 * days widened by 14 hours hold them all (and keep the time index usable). The exact day is then
 * each site's.
 */
const somewhereInRange = (at: RawBuilder<unknown>, range: Range) => sql`
  ${at} >= (${range.startDate}::date - interval '14 hours') AT TIME ZONE 'UTC'
  AND ${at} < (${range.endDate}::date + interval '1 day 14 hours') AT TIME ZONE 'UTC'`;

/** `at`'s local day at the site whose zone is `zone`, as YYYY-MM-DD. */
const localDay = (at: RawBuilder<unknown>, zone: RawBuilder<unknown>) =>
  sql`to_char(${at} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;

const onlySite = (siteId: number | undefined, column: RawBuilder<unknown>) =>
  siteId === undefined ? sql`` : sql`AND ${column} = ${siteId}::int`;

export interface AccessPointDay {
  day: string;
  accessPoint: string;
  entries: number;
  exits: number;
  denied: number;
  alerts: number;
}

/**
 * Per access point per local day of its site: granted entries and exits, denied attempts, and
 * access alerts raised by the point's devices. Only point-days with something happening are listed.
 */
export async function accessByPointAndDay(db: Db, range: Range, siteId?: number): Promise<AccessPointDay[]> {
  const eventDay = localDay(sql`e.occurred_at`, sql`s.time_zone`);
  const alertDay = localDay(sql`a.occurred_at`, sql`s.time_zone`);
  const result = await sql<{
    day: string;
    access_point: string;
    entries: number;
    exits: number;
    denied: number;
    alerts: number;
  }>`
    WITH ev AS (
      SELECT ${eventDay} AS day, e.access_point_id,
             count(*) FILTER (WHERE e.kind = 'granted' AND e.action = 'entry')::int AS entries,
             count(*) FILTER (WHERE e.kind = 'granted' AND e.action = 'exit')::int AS exits,
             count(*) FILTER (WHERE e.kind = 'denied')::int AS denied
      FROM access_events e
      JOIN access_points p ON p.id = e.access_point_id
      JOIN sites s ON s.id = p.site_id
      WHERE ${somewhereInRange(sql`e.occurred_at`, range)} AND e.kind IN ('granted', 'denied')
        ${onlySite(siteId, sql`p.site_id`)}
      GROUP BY 1, 2
    ),
    al AS (
      SELECT ${alertDay} AS day, d.access_point_id, count(*)::int AS alerts
      FROM alerts a
      JOIN devices d ON d.device_id = a.device_id
      JOIN access_points p ON p.id = d.access_point_id
      JOIN sites s ON s.id = p.site_id
      WHERE a.source = 'access' AND ${somewhereInRange(sql`a.occurred_at`, range)}
        ${onlySite(siteId, sql`p.site_id`)}
      GROUP BY 1, 2
    )
    SELECT day, ap.name AS access_point, coalesce(ev.entries, 0) AS entries, coalesce(ev.exits, 0) AS exits,
           coalesce(ev.denied, 0) AS denied, coalesce(al.alerts, 0) AS alerts
    FROM ev FULL JOIN al USING (day, access_point_id)
    JOIN access_points ap ON ap.id = access_point_id
    WHERE day BETWEEN ${range.startDate} AND ${range.endDate}
    ORDER BY day, ap.name`.execute(db);
  return result.rows.map((r) => ({ ...r, accessPoint: r.access_point }));
}

/**
 * Access alerts in the range, whatever their device (some have no access point; an alert whose
 * device is gone is the first site's), each on its site's local day.
 */
export async function accessAlertCount(db: Db, range: Range, siteId?: number): Promise<number> {
  const site = sql`coalesce(p.site_id, d.site_id, (SELECT first_site()))`;
  const result = await sql<{ n: string }>`
    SELECT count(*) AS n
    FROM alerts a
    LEFT JOIN devices d ON d.device_id = a.device_id
    LEFT JOIN access_points p ON p.id = d.access_point_id
    JOIN sites s ON s.id = ${site}
    WHERE a.source = 'access' AND ${somewhereInRange(sql`a.occurred_at`, range)}
      AND ${localDay(sql`a.occurred_at`, sql`s.time_zone`)} BETWEEN ${range.startDate} AND ${range.endDate}
      ${onlySite(siteId, site)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** People counted per local day of each counter's site, every day of the range present (zeros where nothing was counted). */
export async function countingByDay(db: Db, range: Range, siteId?: number): Promise<DayTotals[]> {
  const result = await sql<{ day: string; entries: string; exits: string; passby: string }>`
    WITH days AS (
      SELECT to_char(d, 'YYYY-MM-DD') AS day
      FROM generate_series(${range.startDate}::date, ${range.endDate}::date, interval '1 day') AS d
    ),
    sums AS (
      SELECT ${localDay(sql`h.hour`, sql`s.time_zone`)} AS day,
             sum(h.entries) AS entries, sum(h.exits) AS exits, sum(h.passby) AS passby
      FROM counting_hourly h
      JOIN devices dv ON dv.id = h.device_id
      JOIN sites s ON s.id = dv.site_id
      WHERE ${somewhereInRange(sql`h.hour`, range)} ${onlySite(siteId, sql`dv.site_id`)}
      GROUP BY 1
    )
    SELECT days.day, coalesce(sums.entries, 0) AS entries, coalesce(sums.exits, 0) AS exits,
           coalesce(sums.passby, 0) AS passby
    FROM days LEFT JOIN sums USING (day)
    ORDER BY days.day`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    entries: Number(r.entries),
    exits: Number(r.exits),
    passby: Number(r.passby),
  }));
}

/** Every site's name and zone, for what a report's days mean (not the sites list's counts). */
export function siteZones(db: Db): Promise<{ id: number; name: string; time_zone: string }[]> {
  return db.selectFrom('sites').select(['id', 'name', 'time_zone']).orderBy('id').execute();
}
