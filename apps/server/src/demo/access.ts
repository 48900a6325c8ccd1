import { addDays } from '@atrium/contract/calendar';
import { type Kysely, sql } from 'kysely';
import { OrgClock } from '../core/clock';
import type { Database } from '../db/schema';
import { demoAccounts } from './people.data';
import { secondSiteId } from './second-site';
import { SECOND_SITE } from './second-site.data';

/**
 * The demo buildings: areas, doors, controllers, permissions per department, and access history
 * that agrees with the attendance history (every check-in is a granted entry at the entrance of
 * the person's site, every check-out a granted exit), plus some denied cards, a forced door and a
 * door held open. The Singapore warehouse has no people, so its Jurong Gate sees only cards
 * nobody holds. Everything is set-based SQL over the attendance rows. Runs at every demo start
 * after the attendance seed: the structure once, then history up to today.
 */

const SEED_LOCK = 7_150_226;
const STRUCTURE_MARKER = 'demo_access_seeded_at';
const HISTORY_MARKER = 'demo_access_through';
const HISTORY_DAYS = 60;

export const DEMO_AREAS = [
  ['Main Building', 'Offices, entrance hall and canteen'],
  ['Warehouse', 'Stock, dock and loading bays'],
  ['Server Room', 'Network and server racks'],
  ['Showroom', 'Customer showroom floor'],
  ['Security Office', 'Control room and key safe'],
  SECOND_SITE.area,
] as const;

/** Access points: name, area, whether passages there are check-ins and check-outs. */
export const DEMO_POINTS = [
  ['Main Entrance', 'Main Building', true],
  ['Warehouse Dock', 'Warehouse', false],
  ['Server Room', 'Server Room', false],
  ['Showroom Floor', 'Showroom', false],
  ['Security Office', 'Security Office', false],
  ['Loading Bay Side Door', 'Warehouse', false],
  ['Car Park Gate', 'Main Building', false],
  [SECOND_SITE.point, SECOND_SITE.area[0], true],
] as const;

export interface DemoDevice {
  code: string;
  name: string;
  point: string;
  direction: 'entry' | 'exit' | 'both';
  location: string;
  model: string;
  /** The simulator plays it; the others stay in maintenance or offline. */
  simulated: boolean;
  status: 'online' | 'offline' | 'maintenance';
}

export const DEMO_DEVICES: DemoDevice[] = [
  {
    code: 'HK-101',
    name: 'Main Entrance In',
    point: 'Main Entrance',
    direction: 'entry',
    location: 'Ground floor, lobby',
    model: 'DS-K1T671M',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-102',
    name: 'Main Entrance Out',
    point: 'Main Entrance',
    direction: 'exit',
    location: 'Ground floor, lobby',
    model: 'DS-K1T671M',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-103',
    name: 'Warehouse Dock',
    point: 'Warehouse Dock',
    direction: 'both',
    location: 'Warehouse, dock 2',
    model: 'DS-K2604T',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-104',
    name: 'Server Room',
    point: 'Server Room',
    direction: 'entry',
    location: 'First floor, east',
    model: 'DS-K1T341AM',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-105',
    name: 'Showroom Floor',
    point: 'Showroom Floor',
    direction: 'both',
    location: 'Showroom, staff door',
    model: 'DS-K1T671M',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-106',
    name: 'Security Office',
    point: 'Security Office',
    direction: 'both',
    location: 'Ground floor, west',
    model: 'DS-K1T341AM',
    simulated: true,
    status: 'online',
  },
  {
    code: 'HK-107',
    name: 'Loading Bay Side Door',
    point: 'Loading Bay Side Door',
    direction: 'both',
    location: 'Warehouse, bay 4',
    model: 'DS-K2602T',
    simulated: false,
    status: 'maintenance',
  },
  {
    code: 'HK-108',
    name: 'Car Park Gate',
    point: 'Car Park Gate',
    direction: 'both',
    location: 'Car park, barrier',
    model: 'DS-K2601T',
    simulated: false,
    status: 'offline',
  },
  ...SECOND_SITE.devices,
];

/** Which areas each department may enter; everyone has the Main Building. */
const DEPARTMENT_AREAS: Record<string, string[]> = {
  Warehouse: ['Main Building', 'Warehouse'],
  'Head Office': ['Main Building', 'Showroom'],
  Showrooms: ['Main Building', 'Showroom'],
  Facilities: ['Main Building', 'Warehouse', 'Server Room'],
  Security: ['Main Building', 'Warehouse', 'Server Room', 'Showroom', 'Security Office'],
};

async function seedStructure(trx: Kysely<Database>, now: Date): Promise<void> {
  const areas = await trx
    .insertInto('access_areas')
    .values(DEMO_AREAS.map(([name, description]) => ({ name, description })))
    .returning(['id', 'name'])
    .execute();
  const areaId = (name: string) => areas.find((a) => a.name === name)!.id;
  const points = await trx
    .insertInto('access_points')
    .values(
      DEMO_POINTS.map(([name, area, counts]) => ({
        name,
        area_id: areaId(area),
        counts_for_attendance: counts,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const pointId = (name: string) => points.find((p) => p.name === name)!.id;
  // Each area's doors at all hours make a level of the area's name: what departments are granted.
  const levels = await trx
    .insertInto('access_levels')
    .values(DEMO_AREAS.map(([name, description]) => ({ name, description })))
    .returning(['id', 'name'])
    .execute();
  const levelId = (name: string) => levels.find((l) => l.name === name)!.id;
  await trx
    .insertInto('access_level_doors')
    .values(DEMO_POINTS.map(([name, area]) => ({ level_id: levelId(area), access_point_id: pointId(name) })))
    .execute();
  await trx
    .insertInto('devices')
    .values(
      DEMO_DEVICES.map((d) => ({
        device_id: d.code,
        name: d.name,
        model: d.model,
        location: d.location,
        access_point_id: pointId(d.point),
        direction: d.direction,
        status: d.status,
        last_seen_at: d.status === 'offline' ? new Date(now.getTime() - 3 * 3600_000) : now,
      })),
    )
    .execute();

  const site = await secondSiteId(trx);
  if (site !== undefined) {
    await trx
      .updateTable('access_points')
      .set({ site_id: site })
      .where('name', '=', SECOND_SITE.point)
      .execute();
    await trx
      .updateTable('devices')
      .set({ site_id: site })
      .where(
        'device_id',
        'in',
        SECOND_SITE.devices.map((d) => d.code),
      )
      .execute();
  }

  const departments = await trx.selectFrom('departments').select(['id', 'name']).execute();
  const grants = departments.flatMap((d) =>
    (DEPARTMENT_AREAS[d.name] ?? ['Main Building']).map((area) => ({
      level_id: levelId(area),
      department_id: d.id,
    })),
  );
  if (grants.length) await trx.insertInto('access_permissions').values(grants).execute();

  // Person-level exceptions: the administrator may enter the server room; the demo user had a
  // showroom pass that is suspended and a warehouse night pass that expired.
  const admin = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoAccounts.admin.email)
    .executeTakeFirst();
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoAccounts.user.email)
    .executeTakeFirst();
  if (admin)
    await trx
      .insertInto('access_permissions')
      .values({ level_id: levelId('Server Room'), user_id: admin.id })
      .execute();
  if (user) {
    await trx
      .insertInto('access_permissions')
      .values([
        { level_id: levelId('Showroom'), user_id: user.id, status: 'suspended' },
        {
          level_id: levelId('Security Office'),
          user_id: user.id,
          valid_from: '2026-01-01',
          valid_until: '2026-03-31',
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  // The gate has been silent for hours: an open offline alert says so.
  await trx
    .insertInto('alerts')
    .values({
      source: 'access',
      kind: 'device_offline',
      severity: 'high',
      message: 'Device HK-108 has sent nothing for 120 seconds',
      device_id: 'HK-108',
      occurred_at: new Date(now.getTime() - 3 * 3600_000 + 120_000),
    })
    .execute();
}

/**
 * Passages from attendance (check-in and check-out at the entry and exit readers of the door of
 * the person's site that counts for attendance), and a few incidents,
 * for the local days [from, to]. Event keys derive from the attendance record, so running it
 * again over the same days stores nothing twice.
 */
async function seedHistory(trx: Kysely<Database>, from: string, to: string, timeZone: string, now: Date) {
  const months = await sql<{ m: string }>`
    SELECT to_char(d, 'YYYY-MM-01') AS m FROM generate_series(${from}::date - 1, ${to}::date + 1, interval '1 month') d
    UNION SELECT to_char(${to}::date + 1, 'YYYY-MM-01')`.execute(trx);
  for (const { m } of months.rows) await sql`SELECT access_events_ensure_partition(${m}::date)`.execute(trx);

  const raw = `jsonb_build_object('source', 'demo')`;
  // Entries and exits through each site's entrance, as the attendance records have them.
  await sql`
    INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, received_at, major, minor,
      kind, action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no, backlog, raw)
    SELECT d.id, d.device_id, 100000 + r.id, r.id, date_trunc('milliseconds', t.at), date_trunc('milliseconds', t.at) + interval '150 milliseconds',
      5, CASE WHEN r.id % 5 = 0 THEN 75 ELSE 1 END, 'granted', t.action, d.access_point_id, r.user_id,
      u.badge_number, u.employee_number, CASE WHEN r.id % 5 = 0 THEN 'face' ELSE 'card' END, 1, 1, false, ${sql.raw(raw)}
    FROM attendance_records r
    JOIN users u ON u.id = r.user_id
    LEFT JOIN departments dep ON dep.id = u.department_id
    CROSS JOIN LATERAL (VALUES ('entry', r.check_in_time), ('exit', r.check_out_time)) AS t(action, at)
    JOIN access_points ap ON ap.counts_for_attendance AND ap.site_id = coalesce(u.site_id, dep.site_id, first_site())
    JOIN devices d ON d.access_point_id = ap.id AND d.direction = t.action
    WHERE r.date BETWEEN ${from}::date AND ${to}::date AND t.at IS NOT NULL AND t.at <= ${now}
    ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING`.execute(trx);

  // Warehouse staff pass the dock once in the morning, on most days.
  await sql`
    INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, received_at, major, minor,
      kind, action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no, backlog, raw)
    SELECT d.id, d.device_id, 200000 + r.id, r.id, date_trunc('milliseconds', r.check_in_time + interval '17 minutes'),
      date_trunc('milliseconds', r.check_in_time + interval '17 minutes'), 5, 1, 'granted', 'entry', d.access_point_id,
      r.user_id, u.badge_number, u.employee_number, 'card', 1, 1, false, ${sql.raw(raw)}
    FROM attendance_records r
    JOIN users u ON u.id = r.user_id
    JOIN departments dep ON dep.id = u.department_id AND dep.name = 'Warehouse'
    JOIN devices d ON d.device_id = 'HK-103'
    WHERE r.date BETWEEN ${from}::date AND ${to}::date AND r.id % 3 <> 0
      AND r.check_in_time + interval '17 minutes' <= ${now}
    ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING`.execute(trx);

  // Incidents: an unknown card at the server room every few days, a forced warehouse door and
  // a showroom door held open, and unknown cards at the Singapore warehouse's gate (its only
  // passages), at fixed times of each door's site's day.
  await sql`
    WITH days AS (SELECT day::date AS day FROM generate_series(${from}::date, ${to}::date + 1, interval '1 day') day),
    incidents AS (
      SELECT day, 'HK-104' AS code, 9 AS minor, 'denied' AS kind, '10:42' AS at_time, '00' || (7310000 + extract(doy FROM day)::int)::text AS card
        FROM days WHERE extract(doy FROM day)::int % 3 = 0
      UNION ALL SELECT day, 'HK-104', 6, 'denied', '14:05', NULL FROM days WHERE extract(doy FROM day)::int % 7 = 2
      UNION ALL SELECT day, 'HK-103', 27, 'alarm', '02:17', NULL FROM days WHERE extract(doy FROM day)::int % 19 = 4
      UNION ALL SELECT day, 'HK-105', 28, 'alarm', '12:31', NULL FROM days WHERE extract(doy FROM day)::int % 11 = 5
      UNION ALL SELECT day, ${SECOND_SITE.devices[0]!.code}, 9, 'denied', '07:48', '00' || (7420000 + extract(doy FROM day)::int)::text
        FROM days WHERE extract(doy FROM day)::int % 2 = 1
      UNION ALL SELECT day, ${SECOND_SITE.devices[1]!.code}, 9, 'denied', '17:35', '00' || (7430000 + extract(doy FROM day)::int)::text
        FROM days WHERE extract(doy FROM day)::int % 3 = 0
    )
    INSERT INTO access_events (device_ref, device_code, serial_no, event_key, occurred_at, received_at, major, minor,
      kind, action, access_point_id, user_id, card_no, employee_no, verify_mode, reader_no, door_no, backlog, raw)
    SELECT d.id, d.device_id, 300000 + (i.day - date '2000-01-01') * 10 + i.minor % 10,
      300000 + (i.day - date '2000-01-01') * 10 + i.minor % 10,
      (i.day + i.at_time::time) AT TIME ZONE s.time_zone, (i.day + i.at_time::time) AT TIME ZONE s.time_zone,
      5, i.minor, i.kind, NULL, d.access_point_id,
      CASE WHEN i.minor = 6 THEN (SELECT id FROM users WHERE email = ${demoAccounts.user.email}) END,
      CASE WHEN i.minor = 6 THEN (SELECT badge_number FROM users WHERE email = ${demoAccounts.user.email}) ELSE i.card END,
      NULL, CASE WHEN i.kind = 'denied' THEN 'card' END, 1, 1, false, ${sql.raw(raw)}
    FROM incidents i JOIN devices d ON d.device_id = i.code JOIN sites s ON s.id = d.site_id
    WHERE (i.day + i.at_time::time) AT TIME ZONE s.time_zone <= ${now}
    ON CONFLICT ON CONSTRAINT access_events_once DO NOTHING`.execute(trx);

  // Their alerts: older ones were acknowledged by the administrator, the last two days' are open.
  await sql`
    INSERT INTO alerts (source, kind, severity, message, device_id, access_event_id, occurred_at,
      acknowledged_by, acknowledged_at, acknowledge_note)
    SELECT 'access',
      CASE e.minor WHEN 27 THEN 'door_forced_open' WHEN 28 THEN 'door_held_open' ELSE 'access_denied' END,
      CASE e.minor WHEN 27 THEN 'high' WHEN 6 THEN 'medium' WHEN 9 THEN 'medium' ELSE 'medium' END,
      CASE e.minor WHEN 27 THEN 'Door forced open' WHEN 28 THEN 'Door held open too long'
        WHEN 6 THEN 'Access denied: no permission' ELSE 'Access denied: invalid card' END
        || COALESCE(' (' || CASE WHEN u.id IS NOT NULL THEN u.first_name || ' ' || u.last_name ELSE 'card ' || e.card_no END || ')', '')
        || ' at ' || p.name,
      e.device_code, e.id, e.occurred_at,
      CASE WHEN e.occurred_at < ${now}::timestamptz - interval '2 days' THEN a.id END,
      CASE WHEN e.occurred_at < ${now}::timestamptz - interval '2 days' THEN e.occurred_at + interval '25 minutes' END,
      CASE WHEN e.occurred_at < ${now}::timestamptz - interval '2 days' THEN 'Checked on the cameras; security informed' END
    FROM access_events e
    JOIN access_points p ON p.id = e.access_point_id
    LEFT JOIN users u ON u.id = e.user_id
    LEFT JOIN users a ON a.email = ${demoAccounts.admin.email}
    WHERE e.kind IN ('denied', 'alarm') AND e.raw->>'source' = 'demo'
      AND e.occurred_at >= (${from}::date - 1)::timestamp AT TIME ZONE ${timeZone}
      AND NOT EXISTS (SELECT 1 FROM alerts x WHERE x.access_event_id = e.id)`.execute(trx);

  // Presence and the daily counters follow from the events.
  await sql`
    INSERT INTO access_presence (user_id, last_action, last_at, access_point_id, event_id)
    SELECT DISTINCT ON (user_id) user_id, action, occurred_at, access_point_id, id
    FROM access_events WHERE kind = 'granted' AND user_id IS NOT NULL
      AND occurred_at >= (${from}::date - 1)::timestamp AT TIME ZONE ${timeZone}
    ORDER BY user_id, occurred_at DESC, id DESC
    ON CONFLICT (user_id) DO UPDATE SET last_action = EXCLUDED.last_action, last_at = EXCLUDED.last_at,
      access_point_id = EXCLUDED.access_point_id, event_id = EXCLUDED.event_id
    WHERE (access_presence.last_at, access_presence.event_id) < (EXCLUDED.last_at, EXCLUDED.event_id)`.execute(
    trx,
  );
  await sql`
    INSERT INTO access_daily_counts (day, site_id, entries, exits, denied, alarms)
    SELECT (e.occurred_at AT TIME ZONE s.time_zone)::date AS day, s.id,
      count(*) FILTER (WHERE e.action = 'entry'), count(*) FILTER (WHERE e.action = 'exit'),
      count(*) FILTER (WHERE e.kind = 'denied'), count(*) FILTER (WHERE e.kind = 'alarm')
    FROM access_events e
    LEFT JOIN access_points ap ON ap.id = e.access_point_id
    LEFT JOIN devices dv ON dv.id = e.device_ref
    -- Each passage on its door's site's day, as ingest counts it.
    JOIN sites s ON s.id = coalesce(ap.site_id, dv.site_id, first_site())
    -- Whole days of every site, the ones ahead of the organisation's too.
    WHERE e.occurred_at >= (${from}::date - 1)::timestamp AT TIME ZONE ${timeZone}
      AND e.occurred_at < (${to}::date + 2)::timestamp AT TIME ZONE ${timeZone}
      AND (e.occurred_at AT TIME ZONE s.time_zone)::date BETWEEN ${from}::date AND ${to}::date + 1
    GROUP BY 1, 2
    ON CONFLICT (day, site_id) DO UPDATE SET entries = EXCLUDED.entries, exits = EXCLUDED.exits,
      denied = EXCLUDED.denied, alarms = EXCLUDED.alarms`.execute(trx);
}

/** Seeds the building once and its history up to today; later starts add only the new days. */
export async function seedDemoAccess(db: Kysely<Database>, clock = new OrgClock(db)): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const seeded = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    if (!seeded) return;
    const { now, timeZone, date: today } = await clock.today();
    const structure = await trx
      .selectFrom('settings')
      .select('key')
      .where('key', '=', STRUCTURE_MARKER)
      .executeTakeFirst();
    if (!structure) {
      await seedStructure(trx, now);
      await trx
        .insertInto('settings')
        .values({ key: STRUCTURE_MARKER, value: JSON.stringify(now.toISOString()) })
        .execute();
    }
    const marker = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', HISTORY_MARKER)
      .executeTakeFirst();
    const earliest = addDays(today, -(HISTORY_DAYS - 1));
    const through = typeof marker?.value === 'string' ? marker.value : undefined;
    // Today is redone at each start (its attendance grows during the day); keys keep it once.
    const from = through && through >= earliest ? through : earliest;
    await seedHistory(trx, from, today, timeZone, now);
    await trx
      .insertInto('settings')
      .values({ key: HISTORY_MARKER, value: JSON.stringify(today) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(today) }))
      .execute();
  });
}
