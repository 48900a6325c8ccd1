import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** One event ready to store; the person is found by employee number, else by card number. */
export interface EventRow {
  device_ref: number | null;
  device_code: string;
  serial_no: number | null;
  event_key: number;
  occurred_at: Date;
  major: number;
  minor: number;
  kind: 'granted' | 'denied' | 'door' | 'alarm' | 'device';
  action: 'entry' | 'exit' | null;
  access_point_id: number | null;
  /** Known already (the web reader); otherwise looked up from the two numbers below. */
  user_id: number | null;
  card_no: string | null;
  employee_no: string | null;
  verify_mode: string | null;
  reader_no: number | null;
  door_no: number | null;
  backlog: boolean;
  raw: string;
  picture_path: string | null;
}

export interface InsertedEvent {
  id: number;
  device_ref: number | null;
  event_key: number;
  occurred_at: Date;
  user_id: number | null;
  /** The person's name, for live messages. */
  name: string | null;
  /** The access point's name and whether its passages are attendance. */
  point_name: string | null;
  counts_for_attendance: boolean | null;
}

/**
 * Inserts many events in one statement. The unique (device, event key, time) key decides
 * duplicates: rows already stored (or twice in the batch) are skipped, and only the rows that
 * were new come back.
 */
export async function insertEvents(db: Kysely<Database>, rows: EventRow[]): Promise<InsertedEvent[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof EventRow>(k: K) => rows.map((r) => r[k]);
  const result = await sql<InsertedEvent>`
    WITH ins AS (INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, major, minor,
      kind, action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no,
      backlog, raw, picture_path)
    SELECT e.device_ref, e.device_code, e.serial_no, e.event_key, e.occurred_at, e.major, e.minor,
      e.kind, e.action, e.access_point_id,
      COALESCE(e.user_id,
        (SELECT u.id FROM users u WHERE u.employee_number = e.employee_no),
        (SELECT u.id FROM users u WHERE u.badge_number = e.card_no)),
      e.card_no, e.employee_no, e.verify_mode, e.reader_no, e.door_no, e.backlog, e.raw::jsonb, e.picture_path
    FROM unnest(
      ${col('device_ref')}::int[], ${col('device_code')}::text[], ${col('serial_no')}::bigint[],
      ${col('event_key')}::bigint[], ${col('occurred_at')}::timestamptz[], ${col('major')}::int[],
      ${col('minor')}::int[], ${col('kind')}::text[], ${col('action')}::text[], ${col('access_point_id')}::int[],
      ${col('user_id')}::int[], ${col('card_no')}::text[], ${col('employee_no')}::text[],
      ${col('verify_mode')}::text[], ${col('reader_no')}::int[], ${col('door_no')}::int[],
      ${col('backlog')}::boolean[], ${col('raw')}::text[], ${col('picture_path')}::text[]
    ) AS e(device_ref, device_code, serial_no, event_key, occurred_at, major, minor, kind, action,
      access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no, backlog, raw,
      picture_path)
    ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING
    RETURNING id, device_ref, event_key, occurred_at, user_id, access_point_id)
    SELECT ins.id, ins.device_ref, ins.event_key, ins.occurred_at, ins.user_id,
      u.first_name || ' ' || u.last_name AS name, p.name AS point_name, p.counts_for_attendance
    FROM ins LEFT JOIN users u ON u.id = ins.user_id LEFT JOIN access_points p ON p.id = ins.access_point_id`.execute(
    db,
  );
  return result.rows;
}

/** Creates the month partitions the given instants fall in, when missing. */
export async function ensurePartitions(db: Kysely<Database>, monthStarts: string[]): Promise<void> {
  for (const month of monthStarts) {
    await sql`SELECT access_events_ensure_partition(${month}::date)`.execute(db);
  }
}

/**
 * What a batch changes besides its events, in one statement: each person's latest passage (an
 * older event arriving late changes nothing), the per-day counters, and the devices' last_seen
 * (an offline device is online again). Run last in the batch's transaction, so the rows other
 * batches also touch are locked only until the commit that follows. Returns the devices that
 * came back online.
 */
export async function finishBatch(
  db: Kysely<Database>,
  presence: {
    user_id: number;
    action: 'entry' | 'exit';
    at: Date;
    access_point_id: number | null;
    event_id: number;
  }[],
  deltas: DailyDelta[],
  seen: { id: number; at: Date }[],
) {
  const days = [...deltas].sort((a, b) => a.day.localeCompare(b.day));
  const latest = new Map<number, Date>();
  for (const x of seen) if ((latest.get(x.id)?.getTime() ?? 0) < x.at.getTime()) latest.set(x.id, x.at);
  const ids = [...latest.keys()].sort((a, b) => a - b);
  const ats = ids.map((id) => latest.get(id)!);
  const result = await sql<{ id: number; device_id: string; type: string; last_seen_at: Date; was: string }>`
    WITH p AS (
      INSERT INTO access_presence (user_id, last_action, last_at, access_point_id, event_id)
      SELECT * FROM unnest(${presence.map((r) => r.user_id)}::int[], ${presence.map((r) => r.action)}::text[],
        ${presence.map((r) => r.at)}::timestamptz[], ${presence.map((r) => r.access_point_id)}::int[],
        ${presence.map((r) => r.event_id)}::bigint[])
      ON CONFLICT (user_id) DO UPDATE SET last_action = EXCLUDED.last_action, last_at = EXCLUDED.last_at,
        access_point_id = EXCLUDED.access_point_id, event_id = EXCLUDED.event_id
      WHERE (access_presence.last_at, access_presence.event_id) < (EXCLUDED.last_at, EXCLUDED.event_id)
      RETURNING 1
    ), c AS (
      INSERT INTO access_daily_counts (day, entries, exits, denied, alarms)
      SELECT * FROM unnest(${days.map((d) => d.day)}::date[], ${days.map((d) => d.entries)}::int[],
        ${days.map((d) => d.exits)}::int[], ${days.map((d) => d.denied)}::int[], ${days.map((d) => d.alarms)}::int[])
      ON CONFLICT (day) DO UPDATE SET entries = access_daily_counts.entries + EXCLUDED.entries,
        exits = access_daily_counts.exits + EXCLUDED.exits, denied = access_daily_counts.denied + EXCLUDED.denied,
        alarms = access_daily_counts.alarms + EXCLUDED.alarms
      RETURNING 1
    )
    UPDATE devices d SET
      status = CASE WHEN o.was = 'offline' THEN 'online' ELSE d.status END,
      last_seen_at = GREATEST(d.last_seen_at, o.at)
    FROM (SELECT d0.id, d0.status AS was, s.at FROM devices d0
          JOIN unnest(${ids}::int[], ${ats}::timestamptz[]) AS s(id, at) ON s.id = d0.id) o
    WHERE d.id = o.id AND (o.was = 'offline' OR d.last_seen_at IS NULL OR d.last_seen_at < o.at - interval '5 seconds')
    RETURNING d.id, d.device_id, d.type, d.last_seen_at, o.was`.execute(db);
  return result.rows.filter((r) => r.was === 'offline');
}

/** Each person's latest passage; an older event arriving late changes nothing. */
export async function upsertPresence(
  db: Kysely<Database>,
  rows: {
    user_id: number;
    action: 'entry' | 'exit';
    at: Date;
    access_point_id: number | null;
    event_id: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO access_presence (user_id, last_action, last_at, access_point_id, event_id)
    SELECT * FROM unnest(${rows.map((r) => r.user_id)}::int[], ${rows.map((r) => r.action)}::text[],
      ${rows.map((r) => r.at)}::timestamptz[], ${rows.map((r) => r.access_point_id)}::int[],
      ${rows.map((r) => r.event_id)}::bigint[])
    ON CONFLICT (user_id) DO UPDATE SET last_action = EXCLUDED.last_action, last_at = EXCLUDED.last_at,
      access_point_id = EXCLUDED.access_point_id, event_id = EXCLUDED.event_id
    WHERE (access_presence.last_at, access_presence.event_id) < (EXCLUDED.last_at, EXCLUDED.event_id)`.execute(
    db,
  );
}

export interface DailyDelta {
  day: string;
  entries: number;
  exits: number;
  denied: number;
  alarms: number;
}

/** Adds to the per-day counters (the organisation's local days). */
export async function addDailyCounts(db: Kysely<Database>, deltas: DailyDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  // Sorted, so concurrent batches lock the day rows in the same order.
  const sorted = [...deltas].sort((a, b) => a.day.localeCompare(b.day));
  await sql`
    INSERT INTO access_daily_counts (day, entries, exits, denied, alarms)
    SELECT * FROM unnest(${sorted.map((d) => d.day)}::date[], ${sorted.map((d) => d.entries)}::int[],
      ${sorted.map((d) => d.exits)}::int[], ${sorted.map((d) => d.denied)}::int[], ${sorted.map((d) => d.alarms)}::int[])
    ON CONFLICT (day) DO UPDATE SET entries = access_daily_counts.entries + EXCLUDED.entries,
      exits = access_daily_counts.exits + EXCLUDED.exits, denied = access_daily_counts.denied + EXCLUDED.denied,
      alarms = access_daily_counts.alarms + EXCLUDED.alarms`.execute(db);
}

/** The latest granted entry of a person at an attendance door in [from, to). */
export async function lastAttendanceEntry(
  db: Kysely<Database>,
  userId: number,
  from: Date,
  to: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('access_events as e')
    .innerJoin('access_points as p', 'p.id', 'e.access_point_id')
    .select('e.occurred_at')
    .where('e.user_id', '=', userId)
    .where('e.kind', '=', 'granted')
    .where('e.action', '=', 'entry')
    .where('p.counts_for_attendance', '=', true)
    .where('e.occurred_at', '>=', from)
    .where('e.occurred_at', '<', to)
    .orderBy('e.occurred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.occurred_at) : null;
}

export async function recordPushReject(
  db: Kysely<Database>,
  reject: { device_ref: number | null; reason: string; content_type: string | null; body_excerpt: string },
): Promise<void> {
  await db.insertInto('device_push_rejects').values(reject).execute();
  // Bounded: a device sending garbage all day keeps its latest 200.
  await sql`DELETE FROM device_push_rejects WHERE device_ref IS NOT DISTINCT FROM ${reject.device_ref}
    AND id < (SELECT id FROM device_push_rejects WHERE device_ref IS NOT DISTINCT FROM ${reject.device_ref}
              ORDER BY id DESC OFFSET 200 LIMIT 1)`.execute(db);
}
