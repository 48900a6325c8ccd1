import { type Kysely, sql } from 'kysely';
import { OrgClock } from '../core/clock';
import type { Database } from '../db/schema';
import { secondSiteId } from './second-site';
import { SECOND_SITE } from './second-site.data';

/**
 * The demo's people counters and their history: 60 days of 15-minute windows up to now,
 * following each entrance's week on its site's clock (the showroom busiest at weekends, the lobby
 * on weekday mornings, the warehouse gate at its shift changes, all near zero when closed). Written set-based, and the hourly rollup is the
 * GROUP BY of exactly the windows written. Runs at every demo start: slots that already hold
 * a window (earlier starts, or what the simulated counters pushed) are left alone, so a later
 * start only fills the gap up to now.
 */

const SEED_LOCK = 7_150_228;
const HISTORY_DAYS = 60;
const SLOT_MINUTES = 15;

export interface DemoCounter {
  code: string;
  name: string;
  location: string;
  model: string;
  /** At the second site; the others are Head Office's. */
  secondSite?: boolean;
}

export const DEMO_COUNTERS: DemoCounter[] = [
  { code: 'PC-201', name: 'Showroom Entrance', location: 'Showroom, street door', model: 'DS-2CD6825G0' },
  { code: 'PC-202', name: 'Head Office Lobby', location: 'Main Building, lobby', model: 'DS-2CD6825G0' },
  { ...SECOND_SITE.counter, secondSite: true },
];

/** Mean people per hour for each hour of the week: index (isoWeekday - 1) * 24 + hour. */
export interface HourlyPattern {
  entries: number[];
  exits: number[];
  passby: number[];
}

function week(perHour: (isoWeekday: number, hour: number) => number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 7; d++) for (let h = 0; h < 24; h++) out.push(perHour(d, h));
  return out;
}

/** Showroom: open 10-19 weekdays, 9-18 Saturday, 11-17 Sunday; weekends twice as busy. */
const SHOWROOM_DAY = [0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 9, 15, 24, 26, 19, 17, 19, 23, 16, 3, 0, 0, 0, 0];
const showroomOpen = (d: number, h: number) =>
  d <= 5 ? h >= 10 && h < 19 : d === 6 ? h >= 9 && h < 18 : h >= 11 && h < 17;
const showroomScale = (d: number) => (d === 6 ? 2.1 : d === 7 ? 1.7 : d === 5 ? 1.2 : 1);

/** Head office lobby: a morning peak, lunch out and back, the evening leaving; weekends closed. */
const LOBBY_IN = [0, 0, 0, 0, 0, 0, 2, 14, 38, 22, 9, 7, 12, 18, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0];
const LOBBY_OUT = [0, 0, 0, 0, 0, 0, 0, 1, 3, 4, 6, 7, 16, 8, 5, 6, 14, 34, 20, 8, 2, 0, 0, 0];

/** Warehouse gate, Monday to Saturday: the shift in before nine, drivers all day, out after five. */
const GATE_IN = [0, 0, 0, 0, 0, 0, 1, 4, 9, 5, 4, 3, 4, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0];
const GATE_OUT = [0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 4, 5, 4, 4, 3, 4, 9, 5, 1, 0, 0, 0, 0];

export const PATTERNS: Record<string, HourlyPattern> = {
  'PC-201': {
    entries: week((d, h) => (showroomOpen(d, h) ? (SHOWROOM_DAY[h] ?? 0) * showroomScale(d) : 0.1)),
    // People leave about an hour after they came in.
    exits: week((d, h) =>
      showroomOpen(d, h - 1) ? (SHOWROOM_DAY[h - 1] ?? 0) * showroomScale(d) * 0.97 : 0.1,
    ),
    // The street outside is busy all day; fewer passers-by turn in on weekdays.
    passby: week((d, h) => (h >= 7 && h < 21 ? (d >= 6 ? 45 : 55) : h >= 6 && h < 23 ? 8 : 1)),
  },
  'PC-202': {
    entries: week((d, h) => (d <= 5 ? (LOBBY_IN[h] ?? 0) : 0.05)),
    exits: week((d, h) => (d <= 5 ? (LOBBY_OUT[h] ?? 0) : 0.05)),
    // Visitors to the other tenants cross the shared lobby.
    passby: week((d, h) => (d <= 5 && h >= 7 && h < 19 ? 6 : 0.1)),
  },
  [SECOND_SITE.counter.code]: {
    entries: week((d, h) => (d <= 6 ? (GATE_IN[h] ?? 0) : 0.05)),
    exits: week((d, h) => (d <= 6 ? (GATE_OUT[h] ?? 0) : 0.05)),
    // Lorries along Jurong Port Road.
    passby: week((d, h) => (h >= 6 && h < 22 ? (d <= 6 ? 20 : 8) : 2)),
  },
};

/** Mean count of one kind in a window starting at a local weekday and hour, of `minutes` length. */
export function expected(pattern: number[], isoWeekday: number, hour: number, minutes: number): number {
  return ((pattern[(isoWeekday - 1) * 24 + hour] ?? 0) * minutes) / 60;
}

async function ensureCounters(trx: Kysely<Database>, now: Date): Promise<void> {
  const second = await secondSiteId(trx);
  const counters = DEMO_COUNTERS.filter((c) => !c.secondSite || second !== undefined);
  await trx
    .insertInto('devices')
    .values(
      counters.map((c) => ({
        ...(c.secondSite ? { site_id: second } : {}),
        device_id: c.code,
        type: 'counter',
        name: c.name,
        model: c.model,
        location: c.location,
        direction: 'both' as const,
        status: 'online' as const,
        last_seen_at: now,
      })),
    )
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute();
}

/**
 * Fills every empty 15-minute slot of the demo counters in [from, to) and adds exactly those
 * windows to the hourly rollup. Counts are the pattern's mean, at the counter's site's local
 * weekday and hour, with a stable +-30% spread.
 */
export async function fillCountingWindows(trx: Kysely<Database>, from: Date, to: Date): Promise<number> {
  let written = 0;
  for (const counter of DEMO_COUNTERS) {
    const p = PATTERNS[counter.code]!;
    const result = await sql<{ n: string }>`
      WITH device AS (
        SELECT d.id, s.time_zone FROM devices d JOIN sites s ON s.id = d.site_id WHERE d.device_id = ${counter.code}
      ), slots AS (
        SELECT s AS start, s + make_interval(mins => ${SLOT_MINUTES}) AS finish,
               (extract(isodow FROM s AT TIME ZONE device.time_zone)::int - 1) * 24
                 + extract(hour FROM s AT TIME ZONE device.time_zone)::int + 1 AS idx
        FROM device, generate_series(
          date_bin(make_interval(mins => ${SLOT_MINUTES}), ${from}::timestamptz, timestamptz '2000-01-01'),
          ${to}::timestamptz - make_interval(mins => ${SLOT_MINUTES}),
          make_interval(mins => ${SLOT_MINUTES})) AS s
      ), covered AS (
        -- Slots any stored window touches (a window spans at most a day, migration 008).
        SELECT generate_series(
                 date_bin(make_interval(mins => ${SLOT_MINUTES}), w.window_start, timestamptz '2000-01-01'),
                 w.window_end - interval '1 millisecond',
                 make_interval(mins => ${SLOT_MINUTES})) AS slot
        FROM counting_windows w, device
        WHERE w.device_id = device.id AND w.window_end > ${from}::timestamptz
      ), inserted AS (
        INSERT INTO counting_windows (device_id, window_start, window_end, entries, exits, passby, source, received_at)
        SELECT device.id, slots.start, slots.finish,
          floor((${p.entries}::float8[])[idx] / 4 * (0.7 + 0.6 * ((hashtext(${counter.code} || 'e' || slots.start::text)::bigint & 1023) / 1024.0)) + 0.5)::int,
          floor((${p.exits}::float8[])[idx] / 4 * (0.7 + 0.6 * ((hashtext(${counter.code} || 'x' || slots.start::text)::bigint & 1023) / 1024.0)) + 0.5)::int,
          floor((${p.passby}::float8[])[idx] / 4 * (0.7 + 0.6 * ((hashtext(${counter.code} || 'p' || slots.start::text)::bigint & 1023) / 1024.0)) + 0.5)::int,
          'timeRange', slots.finish
        FROM slots CROSS JOIN device
        WHERE NOT EXISTS (SELECT 1 FROM covered WHERE covered.slot = slots.start)
        RETURNING device_id, window_start, entries, exits, passby
      ), rolled AS (
        INSERT INTO counting_hourly (device_id, hour, entries, exits, passby)
        SELECT device_id, date_trunc('hour', window_start), sum(entries), sum(exits), sum(passby)
        FROM inserted GROUP BY 1, 2
        ON CONFLICT (device_id, hour) DO UPDATE SET
          entries = counting_hourly.entries + EXCLUDED.entries,
          exits = counting_hourly.exits + EXCLUDED.exits,
          passby = counting_hourly.passby + EXCLUDED.passby
      )
      SELECT count(*) AS n FROM inserted`.execute(trx);
    written += Number(result.rows[0]?.n ?? 0);
  }
  return written;
}

/** Registers the counters once and fills their history up to the last whole slot before now. */
export async function seedDemoCounting(db: Kysely<Database>, clock = new OrgClock(db)): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const seeded = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    if (!seeded) return 0;
    const now = clock.now();
    await ensureCounters(trx, now);
    const slot = SLOT_MINUTES * 60_000;
    const to = new Date(Math.floor(now.getTime() / slot) * slot);
    const from = new Date(to.getTime() - HISTORY_DAYS * 24 * 3600_000);
    return fillCountingWindows(trx, from, to);
  });
}
