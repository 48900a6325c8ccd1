import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface Counts {
  entries: number;
  exits: number;
  passby: number;
}

export interface WindowRow extends Counts {
  start: Date;
  end: Date;
}

/** Serialises readings of one device, so out-of-order realTime readings are placed one at a time. */
const COUNTING_LOCK = 7_150_808;

export async function lockDevice(trx: Db, deviceId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${COUNTING_LOCK}, ${deviceId})`.execute(trx);
}

/**
 * Adds (or, with negative counts, takes back) a window's counts in the hourly rollup. A window
 * belongs to the hour it ends in (10:45-11:00 is the 10 o'clock hour).
 */
async function addToHourly(
  trx: Db,
  deviceId: number,
  end: Date,
  counts: Counts,
  sign: 1 | -1,
): Promise<void> {
  await sql`
    INSERT INTO counting_hourly (device_id, hour, entries, exits, passby)
    VALUES (${deviceId}, date_trunc('hour', ${end}::timestamptz - interval '1 millisecond'),
            ${sign * counts.entries}, ${sign * counts.exits}, ${sign * counts.passby})
    ON CONFLICT (device_id, hour) DO UPDATE SET
      entries = counting_hourly.entries + EXCLUDED.entries,
      exits = counting_hourly.exits + EXCLUDED.exits,
      passby = counting_hourly.passby + EXCLUDED.passby`.execute(trx);
}

/** Stores a window once; a window seen before changes nothing. Returns whether it was new. */
export async function insertWindow(
  trx: Db,
  deviceId: number,
  window: WindowRow,
  source: 'timeRange' | 'realTime',
): Promise<boolean> {
  const inserted = await trx
    .insertInto('counting_windows')
    .values({
      device_id: deviceId,
      window_start: window.start,
      window_end: window.end,
      entries: window.entries,
      exits: window.exits,
      passby: window.passby,
      source,
    })
    .onConflict((oc) => oc.columns(['device_id', 'window_start', 'window_end']).doNothing())
    .returning('device_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await addToHourly(trx, deviceId, window.end, window, 1);
  return true;
}

/** Removes a window computed from readings (a late reading split it) and its share of the rollup. */
export async function deleteRealTimeWindowEndingAt(trx: Db, deviceId: number, end: Date): Promise<void> {
  const removed = await trx
    .deleteFrom('counting_windows')
    .where('device_id', '=', deviceId)
    .where('window_end', '=', end)
    .where('source', '=', 'realTime')
    .returning(['window_end', 'entries', 'exits', 'passby'])
    .execute();
  for (const row of removed) await addToHourly(trx, deviceId, row.window_end, row, -1);
}

export interface ReadingRow extends Counts {
  at: Date;
}

/** Stores a cumulative reading once; returns false for one seen before. */
export async function insertReading(trx: Db, deviceId: number, reading: ReadingRow): Promise<boolean> {
  const inserted = await trx
    .insertInto('counting_readings')
    .values({ device_id: deviceId, reading_at: reading.at, ...pick(reading) })
    .onConflict((oc) => oc.columns(['device_id', 'reading_at']).doNothing())
    .returning('device_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

const pick = (c: Counts): Counts => ({ entries: c.entries, exits: c.exits, passby: c.passby });

/** The readings just before and just after an instant, within [dayStart, dayEnd). */
export async function neighbourReadings(
  trx: Db,
  deviceId: number,
  at: Date,
  dayStart: Date,
  dayEnd: Date,
): Promise<{ previous: ReadingRow | undefined; next: ReadingRow | undefined }> {
  const base = trx
    .selectFrom('counting_readings')
    .select(['reading_at as at', 'entries', 'exits', 'passby'])
    .where('device_id', '=', deviceId);
  const [previous, next] = await Promise.all([
    base
      .where('reading_at', '<', at)
      .where('reading_at', '>=', dayStart)
      .orderBy('reading_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base
      .where('reading_at', '>', at)
      .where('reading_at', '<', dayEnd)
      .orderBy('reading_at', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { previous, next };
}

export interface DayTotals extends Counts {
  day: string;
}

/** Sums per local day over [from, to), every day present (zeros where nothing was counted). */
export async function dailyTotals(
  db: Db,
  range: { from: Date; to: Date; firstDay: string; lastDay: string; timeZone: string },
  deviceId: number | undefined,
  siteId?: number,
): Promise<DayTotals[]> {
  const device = sql`${deviceId === undefined ? sql`` : sql`AND h.device_id = ${deviceId}`} ${ofSite(sql`h.device_id`, siteId)}`;
  const result = await sql<{ day: string; entries: string; exits: string; passby: string }>`
    WITH days AS (
      SELECT to_char(d, 'YYYY-MM-DD') AS day
      FROM generate_series(${range.firstDay}::date, ${range.lastDay}::date, interval '1 day') AS d
    ),
    sums AS (
      SELECT to_char(h.hour AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day,
             sum(h.entries) AS entries, sum(h.exits) AS exits, sum(h.passby) AS passby
      FROM counting_hourly h
      WHERE h.hour >= ${range.from} AND h.hour < ${range.to} ${device}
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

/** Only counters of the site, when one is given. */
const ofSite = (deviceId: RawBuilder<unknown>, siteId: number | undefined) =>
  siteId === undefined ? sql`` : sql`AND ${deviceId} IN (SELECT id FROM devices WHERE site_id = ${siteId})`;

/** Sums over [from, to). */
export async function totals(
  db: Db,
  from: Date,
  to: Date,
  deviceId: number | undefined,
  /** Only the counters of this site. */
  siteId?: number,
): Promise<Counts> {
  let query = db
    .selectFrom('counting_hourly')
    .select([
      sql<string>`coalesce(sum(entries), 0)`.as('entries'),
      sql<string>`coalesce(sum(exits), 0)`.as('exits'),
      sql<string>`coalesce(sum(passby), 0)`.as('passby'),
    ])
    .where('hour', '>=', from)
    .where('hour', '<', to);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  if (siteId !== undefined)
    query = query.where('device_id', 'in', (eb) =>
      eb.selectFrom('devices').select('id').where('site_id', '=', siteId),
    );
  const row = await query.executeTakeFirstOrThrow();
  return { entries: Number(row.entries), exits: Number(row.exits), passby: Number(row.passby) };
}

/** Sums by local hour of day over [from, to). */
export async function hourlyTotals(
  db: Db,
  from: Date,
  to: Date,
  timeZone: string,
  deviceId: number | undefined,
  siteId?: number,
): Promise<Array<Counts & { hour: number }>> {
  const device = sql`${deviceId === undefined ? sql`` : sql`AND device_id = ${deviceId}`} ${ofSite(sql`device_id`, siteId)}`;
  const result = await sql<{ hour: number; entries: string; exits: string; passby: string }>`
    SELECT extract(hour FROM hour AT TIME ZONE ${timeZone})::int AS hour,
           sum(entries) AS entries, sum(exits) AS exits, sum(passby) AS passby
    FROM counting_hourly
    WHERE hour >= ${from} AND hour < ${to} ${device}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return result.rows.map((r) => ({
    hour: r.hour,
    entries: Number(r.entries),
    exits: Number(r.exits),
    passby: Number(r.passby),
  }));
}

export interface CounterRow {
  id: number;
  device_id: string;
  name: string;
  location: string;
  status: 'online' | 'offline' | 'maintenance';
  last_seen_at: Date | null;
  site_id: number;
  site: string;
}

export async function listCounters(db: Db): Promise<CounterRow[]> {
  return db
    .selectFrom('devices as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .select(['d.id', 'd.device_id', 'd.name', 'd.location', 'd.status', 'd.last_seen_at', 'd.site_id'])
    .select('s.name as site')
    .where('d.type', '=', 'counter')
    .where('d.removed_at', 'is', null)
    .orderBy('d.name')
    .execute();
}

export async function isCounter(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where('id', '=', id)
    .where('type', '=', 'counter')
    .executeTakeFirst();
  return Boolean(row);
}
