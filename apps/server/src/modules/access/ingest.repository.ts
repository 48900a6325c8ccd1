import type { AlertSeverity } from '@atrium/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlertRow } from './alerts.repository';

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

/** An event's row with what follows from its codes when it turns out to be new. */
export interface BatchRow extends EventRow {
  /** The alert a new event of these codes raises; its message names the person and the door. */
  alert: { kind: string; severity: AlertSeverity; label: string } | null;
}

/** A batch's event that was new (the first of its key), with what the live messages need. */
export interface StoredRow {
  /** Its place in the batch (0-based). */
  index: number;
  id: number;
  user_id: number | null;
  /** The person's name. */
  name: string | null;
  /** The access point's name, and whether its passages are attendance. */
  point_name: string | null;
  counts_for_attendance: boolean;
}

export interface BatchOutcome {
  stored: StoredRow[];
  /** The alerts the new events raised. */
  alerts: AlertRow[];
  /** The batch's devices that are offline: bringing them back is the caller's (markDevicesSeen). */
  offline: number[];
  /**
   * With `deferAttendance`: the batch's granted passages at doors that count for attendance,
   * left unstored for a transaction that applies attendance with them (0-based indexes).
   */
  deferred: number[];
}

/**
 * Stores a batch of events and everything that follows from them in ONE statement, so a batch
 * without attendance needs no transaction (BEGIN and COMMIT were two of its five round trips, and
 * planning each statement cost PostgreSQL more than running it):
 * - the events, once each: the unique (device, event key, time) key decides duplicates, and the
 *   same event twice in the batch is stored once (the first copy);
 * - each person's latest passage (an older event arriving late changes nothing);
 * - the per-day counters, per site: each passage on its door's site's local day (the access
 *   point's site, else its device's, else the organisation's);
 * - an alert for each new event whose codes raise one;
 * - the devices' last_seen (written at most every few seconds per device), but for those that are
 *   offline, which it returns.
 * Events, people and days are written in key order, so concurrent batches holding copies of the
 * same events or touching the same people wait for each other rather than deadlock (a deadlock
 * costs a second's wait and a retry event by event). (Unreferenced data-modifying CTEs run all the same.)
 */
export async function storeBatch(
  db: Kysely<Database>,
  rows: BatchRow[],
  options: { seen: { id: number; at: Date }[]; deferAttendance: boolean },
): Promise<BatchOutcome> {
  const col = <K extends keyof EventRow>(k: K) => rows.map((r) => r[k]);
  const alert = <K extends keyof NonNullable<BatchRow['alert']>>(k: K) =>
    rows.map((r) => r.alert?.[k] ?? null);
  const latest = new Map<number, Date>();
  for (const x of options.seen)
    if ((latest.get(x.id)?.getTime() ?? 0) < x.at.getTime()) latest.set(x.id, x.at);
  const deviceIds = [...latest.keys()].sort((a, b) => a - b);
  const seenAt = deviceIds.map((id) => latest.get(id)!);
  const result = await sql<{
    stored: (Omit<StoredRow, 'index'> & { n: number })[];
    alerts: AlertRow[];
    offline: number[];
    deferred: number[];
  }>`/* prepared: access_store_batch */
    WITH e AS (
      SELECT x.*, p.name AS point_name, COALESCE(p.counts_for_attendance, false) AS counts_for_attendance,
        ${options.deferAttendance}::boolean AND x.kind = 'granted' AND COALESCE(p.counts_for_attendance, false) AS deferred
      FROM unnest(
        ${col('device_ref')}::int[], ${col('device_code')}::text[], ${col('serial_no')}::bigint[],
        ${col('event_key')}::bigint[], ${col('occurred_at')}::timestamptz[], ${col('major')}::int[],
        ${col('minor')}::int[], ${col('kind')}::text[], ${col('action')}::text[], ${col('access_point_id')}::int[],
        ${col('user_id')}::int[], ${col('card_no')}::text[], ${col('employee_no')}::text[],
        ${col('verify_mode')}::text[], ${col('reader_no')}::int[], ${col('door_no')}::int[],
        ${col('backlog')}::boolean[], ${col('raw')}::text[], ${col('picture_path')}::text[],
        ${alert('kind')}::text[], ${alert('severity')}::text[], ${alert('label')}::text[]
      ) WITH ORDINALITY AS x(device_ref, device_code, serial_no, event_key, occurred_at, major, minor, kind,
        action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no, backlog, raw,
        picture_path, alert_kind, alert_severity, alert_label, n)
      LEFT JOIN access_points p ON p.id = x.access_point_id
    ), ins AS (
      INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, major, minor,
        kind, action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no,
        backlog, raw, picture_path)
      SELECT e.device_ref, e.device_code, e.serial_no, e.event_key, e.occurred_at, e.major, e.minor,
        e.kind, e.action, e.access_point_id,
        COALESCE(e.user_id,
          (SELECT u.id FROM users u WHERE u.employee_number = e.employee_no),
          (SELECT u.id FROM users u WHERE u.badge_number = e.card_no)),
        e.card_no, e.employee_no, e.verify_mode, e.reader_no, e.door_no, e.backlog, e.raw::jsonb, e.picture_path
      FROM e WHERE NOT e.deferred ORDER BY e.device_ref, e.event_key, e.occurred_at, e.n
      ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING
      RETURNING id, device_ref, event_key, occurred_at, user_id, kind, action, access_point_id
    ), fresh AS (
      SELECT DISTINCT ON (i.id) i.*, e.n, e.device_code, e.card_no, e.point_name, e.counts_for_attendance,
        e.alert_kind, e.alert_severity, e.alert_label, u.first_name || ' ' || u.last_name AS name
      FROM ins i
      JOIN e ON e.device_ref IS NOT DISTINCT FROM i.device_ref AND e.event_key = i.event_key
        AND e.occurred_at = i.occurred_at
      LEFT JOIN users u ON u.id = i.user_id
      ORDER BY i.id, e.n
    ), presence AS (
      INSERT INTO access_presence (user_id, last_action, last_at, access_point_id, event_id)
      SELECT DISTINCT ON (user_id) user_id, action, occurred_at, access_point_id, id
      FROM ins WHERE kind = 'granted' AND user_id IS NOT NULL
      ORDER BY user_id, occurred_at DESC, id DESC
      ON CONFLICT (user_id) DO UPDATE SET last_action = EXCLUDED.last_action, last_at = EXCLUDED.last_at,
        access_point_id = EXCLUDED.access_point_id, event_id = EXCLUDED.event_id
      WHERE (access_presence.last_at, access_presence.event_id) < (EXCLUDED.last_at, EXCLUDED.event_id)
      RETURNING 1
    ), daily AS (
      INSERT INTO access_daily_counts (day, site_id, entries, exits, denied, alarms)
      SELECT (i.occurred_at AT TIME ZONE s.time_zone)::date AS day, s.id,
        count(*) FILTER (WHERE i.kind = 'granted' AND i.action = 'entry'),
        count(*) FILTER (WHERE i.kind = 'granted' AND i.action = 'exit'),
        count(*) FILTER (WHERE i.kind = 'denied'), count(*) FILTER (WHERE i.kind = 'alarm')
      FROM ins i
      LEFT JOIN access_points ap ON ap.id = i.access_point_id
      LEFT JOIN devices dv ON dv.id = i.device_ref
      JOIN sites s ON s.id = coalesce(ap.site_id, dv.site_id, first_site())
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, site_id) DO UPDATE SET entries = access_daily_counts.entries + EXCLUDED.entries,
        exits = access_daily_counts.exits + EXCLUDED.exits, denied = access_daily_counts.denied + EXCLUDED.denied,
        alarms = access_daily_counts.alarms + EXCLUDED.alarms
      RETURNING 1
    ), alerted AS (
      INSERT INTO alerts (source, kind, severity, message, device_id, access_event_id, occurred_at)
      SELECT 'access', alert_kind, alert_severity,
        alert_label || COALESCE(' (' || COALESCE(name, 'card ' || card_no) || ')', '') || ' at '
          || COALESCE(point_name, device_code),
        device_code, id, occurred_at
      FROM fresh WHERE alert_kind IS NOT NULL ORDER BY n
      RETURNING *
    ), seen AS (
      UPDATE devices d SET last_seen_at = s.at
      FROM unnest(${deviceIds}::int[], ${seenAt}::timestamptz[]) AS s(id, at)
      WHERE d.id = s.id AND d.status <> 'offline'
        AND (d.last_seen_at IS NULL OR d.last_seen_at < s.at - interval '5 seconds')
      RETURNING 1
    )
    SELECT
      (SELECT COALESCE(json_agg(json_build_object('n', n, 'id', id, 'user_id', user_id, 'name', name,
        'point_name', point_name, 'counts_for_attendance', counts_for_attendance) ORDER BY n), '[]') FROM fresh) AS stored,
      (SELECT COALESCE(json_agg(a ORDER BY a.id), '[]') FROM alerted a) AS alerts,
      (SELECT COALESCE(array_agg(id), '{}') FROM devices WHERE id = ANY(${deviceIds}::int[]) AND status = 'offline')
        AS offline,
      (SELECT COALESCE(array_agg(n - 1 ORDER BY n), '{}') FROM e WHERE deferred) AS deferred`.execute(db);
  const out = result.rows[0]!;
  // JSON carries times as text: the rest of the code expects Dates, as a plain query returns them.
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    stored: out.stored.map(({ n, ...row }) => ({ ...row, index: n - 1 })),
    alerts: out.alerts.map((a) => ({
      ...a,
      occurred_at: date(a.occurred_at)!,
      resolved_at: date(a.resolved_at),
      acknowledged_at: date(a.acknowledged_at),
    })),
    offline: out.offline,
    deferred: out.deferred,
  };
}

/** Creates the month partitions the given instants fall in, when missing. */
export async function ensurePartitions(db: Kysely<Database>, monthStarts: string[]): Promise<void> {
  for (const month of monthStarts) {
    await sql`SELECT access_events_ensure_partition(${month}::date)`.execute(db);
  }
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
