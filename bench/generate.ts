/**
 * Builds a large organisation for the read benchmarks: npm run bench -- generate --people 50000
 *
 * Set-based SQL only (generate_series inside INSERT ... SELECT), one step per table, each timed.
 * The data set goes to its own database on BENCH_DATABASE_URL's server (default: the machine's
 * PostgreSQL through its Unix socket, database atrium_bench_<people>). Idempotent: a finished data set
 * of the same size is kept; an unfinished or different one is dropped and built again.
 *
 * Knobs: --people N (default 50000), --days N of attendance history (default 730), --sites N (default 40),
 * --access-events N (default 20000000), --counters N (default 20).
 */
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { benchDatabase, dropAndCreate, openBenchDb } from './support/bench-db';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

import { BENCH_PASSWORD } from './support/bench-login';

const people = option('people', 50_000);
const days = option('days', 730);
const accessEvents = option('access-events', Math.min(20_000_000, people * 400));
const counters = option('counters', 20);
const departments = Math.max(5, Math.min(50, Math.round(people / 1000)));
const sites = option('sites', 40);
/**
 * `tree`: the departments' tree and managers (issue 31); `sites`: the buildings across six zones
 * (issue 35). A set built before either is built again.
 */
const spec = { people, days, accessEvents, counters, departments, tree: 1, sites };

const target = benchDatabase(people);
const started = performance.now();
const existing = await openBenchDb(target.url).catch(() => undefined);
if (existing) {
  const done = await existing.pool
    .query(`SELECT value FROM settings WHERE key = 'bench_dataset'`)
    .catch(() => ({ rows: [] as { value: unknown }[] }));
  await existing.close();
  if (JSON.stringify(done.rows[0]?.value) === JSON.stringify(spec)) {
    console.info(`${target.name}: already built for ${JSON.stringify(spec)}; nothing to do.`);
    process.exit(0);
  }
}
await dropAndCreate(target);
const { pool, close } = await openBenchDb(target.url, { migrate: true });
await pool.query("SET maintenance_work_mem = '1GB'");

/**
 * Runs a bulk load with the table's plain indexes dropped and builds them again afterwards (one
 * sort per index instead of a tree insert per row). Constraint indexes stay: they guard the data.
 */
async function withoutIndexes(table: string, load: () => Promise<void>): Promise<void> {
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = $1
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const index of rows) await pool.query(`DROP INDEX ${index.name}`);
  await load();
  const t0 = performance.now();
  // pg_indexes words a partitioned parent's index "ON ONLY", which would skip the partitions.
  for (const index of rows) await pool.query(index.definition.replace(' ON ONLY ', ' ON '));
  console.info(
    `  ${table}: ${rows.length} indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function step(name: string, sqlText: string, params: unknown[] = []): Promise<void> {
  const t0 = performance.now();
  const result = await pool.query(sqlText, params);
  const rows = result.rowCount ?? 0;
  console.info(
    `  ${name}: ${rows.toLocaleString('en-GB')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

console.info(`Building ${target.name}: ${JSON.stringify(spec)}`);
await pool.query(`INSERT INTO settings (key, value) VALUES ('timezone', '"UTC"')
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
// The generated history leaves thousands of applications pending since long ago: escalation
// would sweep them up a level at every server start and compete with the reads measured.
await pool.query(`INSERT INTO settings (key, value) VALUES ('leave_escalation_days', '0')
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);

// Sites in six zones either side of UTC, each with its own calendar: the first (UTC) is the
// organisation's own. Departments are spread over them and one person in a hundred sits at a site
// other than their department's.
await step(
  'sites',
  `WITH zones(i, zone) AS (VALUES (0, 'UTC'), (1, 'Europe/London'), (2, 'America/New_York'),
                                  (3, 'Asia/Singapore'), (4, 'Australia/Sydney'), (5, 'America/Los_Angeles'))
   INSERT INTO sites (name, time_zone)
   SELECT 'Site ' || lpad(s::text, 2, '0') || ' ' || z.zone, z.zone
   FROM generate_series(2, $1) AS s JOIN zones z ON z.i = (s - 1) % 6`,
  [sites],
);

await step(
  'departments',
  `INSERT INTO departments (name) SELECT CASE WHEN d % 10 = 0 THEN 'Security ' ELSE 'Department ' END
     || lpad(d::text, 2, '0') FROM generate_series(1, $1) AS d`,
  [departments],
);
await pool.query(
  `WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS i FROM sites)
  UPDATE departments d SET site_id = r.id FROM ranked r WHERE r.i = (d.id - 1) % $1`,
  [Math.max(1, sites)],
);
// Every tenth department works every day, as Security does in the demo.
await pool.query(`UPDATE work_schedules ws SET workdays = '{1,2,3,4,5,6,7}'
  FROM departments d WHERE d.id = ws.department_id AND d.name LIKE 'Security %'`);

const hash = await hashPassword(BENCH_PASSWORD);
await step(
  'users',
  `INSERT INTO users (employee_number, badge_number, first_name, last_name, email, password_hash, role, department_id)
   SELECT 'E' || lpad(n::text, 6, '0'), 'B' || lpad(n::text, 7, '0'),
          (ARRAY['Alex','Sam','Jamie','Maya','Noah','Leila','Omar','Freya','Ivan','Mei'])[1 + n % 10],
          (ARRAY['Carter','Chen','Okafor','Novak','Silva','Haddad','Jensen','Kowalski','Laurent','Murphy'])[1 + (n / 10) % 10]
            || ' ' || n,
          CASE WHEN n = 1 THEN 'admin@bench.local' ELSE 'person' || n || '@bench.local' END,
          $1, CASE WHEN n = 1 THEN 'admin' ELSE 'staff' END,
          (SELECT min(id) FROM departments) + n % $3
   FROM generate_series(1, $2) AS n`,
  [hash, people, departments],
);
await step(
  'people at another site',
  `UPDATE users u SET site_id = (SELECT id FROM sites ORDER BY id OFFSET (u.id / 100) % $1 LIMIT 1)
   WHERE u.id % 100 = 50`,
  [Math.max(1, sites)],
);
// Three levels, as an organisation of this size has them: the first ten departments at the top,
// the next fifteen inside them, the rest inside those. A top department's manager reaches about a
// tenth of everyone (5,000 people at 50,000).
await step(
  'department tree',
  `WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS i FROM departments)
   UPDATE departments d SET parent_id = CASE
       WHEN r.i < 10 THEN NULL
       WHEN r.i < 25 THEN (SELECT id FROM ranked WHERE i = (r.i - 10) % 10)
       ELSE (SELECT id FROM ranked WHERE i = 10 + (r.i - 25) % 15) END
   FROM ranked r WHERE r.id = d.id`,
);
// Each department's longest-standing person manages it.
await step(
  'department managers',
  `INSERT INTO department_managers (department_id, user_id, position)
   SELECT d.id, m.id, 0 FROM departments d
   CROSS JOIN LATERAL (SELECT min(u.id) AS id FROM users u WHERE u.department_id = d.id AND u.role = 'staff') m
   WHERE m.id IS NOT NULL`,
);

// Attendance: a month per statement so progress shows. 93% of scheduled days present, 8% of those
// late, 2% without a check-out; today has check-ins only. Rows go in day by day, as a working
// organisation writes them, so a day's records share pages as they would in production (in
// person order, a day's 46,000 records were spread over its month's 12,000 pages, and every read
// of a few days fetched the whole month from disk).
const today = new Date().toISOString().slice(0, 10);
const first = new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
const months = await pool.query<{ from: string; to: string }>(
  `SELECT greatest(m, $1::date)::text AS from, least((m + interval '1 month - 1 day')::date, $2::date)::text AS to
   FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') AS m`,
  [first, today],
);
await withoutIndexes('attendance_records', async () => {
  const t0 = performance.now();
  let attendanceRows = 0;
  for (const [i, m] of months.rows.entries()) {
    const r = await pool.query(
      `INSERT INTO attendance_records (user_id, date, check_in_time, check_out_time, late, early_exit, source)
       SELECT u.id, d,
              ((d + ws.start_time) AT TIME ZONE 'UTC')
                + make_interval(mins => CASE WHEN l.late THEN 11 + (r.h % 50)::int ELSE -(r.h % 25)::int END),
              CASE WHEN d = $3::date OR r.h % 50 = 0 THEN NULL
                   ELSE ((d + ws.end_time) AT TIME ZONE 'UTC') + make_interval(mins => ((r.h / 7) % 40)::int) END,
              l.late, false, 'badge'
       FROM generate_series($1::timestamp, $2::timestamp, interval '1 day') AS g (ts)
       CROSS JOIN LATERAL (SELECT g.ts::date AS d) day
       JOIN work_schedules ws ON extract(isodow FROM day.d)::smallint = ANY (ws.workdays)
       JOIN users u ON u.department_id = ws.department_id
       CROSS JOIN LATERAL (SELECT abs(hashint8(u.id::bigint * 100000 + (day.d - DATE '2000-01-01'))) AS h) r
       CROSS JOIN LATERAL (SELECT r.h % 100 < 8 AS late) l
       WHERE r.h % 100 < 93
       ORDER BY day.d, u.id`,
      [m.from, m.to, today],
    );
    attendanceRows += r.rowCount ?? 0;
    process.stdout.write(
      `\r  attendance: month ${i + 1}/${months.rows.length}, ${attendanceRows.toLocaleString('en-GB')} rows`,
    );
  }
  console.info(` in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
});

// Leave: six applications a person a year in separate 60-day slots of the calendar year, so none
// overlap or span a year end. Past ones decided (9 in 10 approved), future ones pending.
await step(
  'leave applications',
  // Calendar days, as charged before working days: the figures only need a plausible size.
  `INSERT INTO leave_applications (user_id, leave_type_id, start_date, end_date, days_requested, reason, status, applied_at, decided_by, decided_at)
   SELECT u.id, t.id, s.start, s.start + (h % 3), (h % 3) + 1, 'Planned leave', st.status,
          s.start - 14, CASE WHEN st.status = 'pending' THEN NULL ELSE 1 END,
          CASE WHEN st.status = 'pending' THEN NULL ELSE s.start - 10 END
   FROM users u
   CROSS JOIN generate_series(extract(year FROM $1::date)::int, extract(year FROM $2::date)::int) AS y
   CROSS JOIN generate_series(0, 5) AS k
   CROSS JOIN LATERAL (SELECT abs(hashint8(u.id::bigint * 1000 + y * 10 + k)) AS h) r
   CROSS JOIN LATERAL (SELECT make_date(y, 1, 1) + k * 60 + (r.h % 50)::int AS start) s
   JOIN leave_types t ON t.leave_code = CASE WHEN k IN (2, 5) THEN 'SL' ELSE 'AL' END
   CROSS JOIN LATERAL (SELECT CASE WHEN s.start > $2::date THEN 'pending'
                                   WHEN r.h % 10 = 0 THEN 'rejected' ELSE 'approved' END AS status) st
   WHERE s.start BETWEEN $1::date AND $2::date + 60`,
  [first, today],
);
await step(
  'leave ledger: entitlements',
  `INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note)
   SELECT u.id, t.id, y, 'entitlement', t.max_days_per_year, 'Yearly entitlement'
   FROM users u CROSS JOIN leave_types t
   CROSS JOIN generate_series(extract(year FROM $1::date)::int, extract(year FROM $2::date + 60)::int) AS y`,
  [first, today],
);
await step(
  'leave ledger: applications',
  `INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, application_id, pending_days, used_days, note)
   SELECT a.user_id, a.leave_type_id, extract(year FROM a.start_date)::int, k.kind, a.id, k.pending, k.used, ''
   FROM leave_applications a
   CROSS JOIN LATERAL (VALUES
     ('application_pending', a.days_requested, 0, true),
     ('application_approved', -a.days_requested, a.days_requested, a.status = 'approved'),
     ('application_rejected', -a.days_requested, 0, a.status = 'rejected')
   ) AS k (kind, pending, used, applies)
   WHERE k.applies`,
);

// Access control: two doors per department with an entry and an exit reader each.
await step(
  'access areas and points',
  `WITH a AS (INSERT INTO access_areas (name) SELECT 'Area ' || d.name FROM departments d RETURNING id, name)
   INSERT INTO access_points (name, area_id, counts_for_attendance)
   SELECT a.name || ' door ' || n, a.id, n = 1 FROM a CROSS JOIN generate_series(1, 2) AS n`,
);
await step(
  'access devices',
  `INSERT INTO devices (device_id, name, model, location, access_point_id, direction, status, last_seen_at)
   SELECT 'HK-B' || lpad((row_number() OVER ())::text, 4, '0'), p.name || ' ' || dir, 'DS-K1T671M', p.name, p.id,
          dir, 'online', now()
   FROM access_points p CROSS JOIN (VALUES ('entry'), ('exit')) AS v (dir)`,
);
// A department's doors are in its building.
await step(
  'doors at their sites',
  `WITH placed AS (
     UPDATE access_points p SET site_id = d.site_id
     FROM access_areas a JOIN departments d ON a.name = 'Area ' || d.name
     WHERE p.area_id = a.id RETURNING p.id, p.site_id)
   UPDATE devices dv SET site_id = placed.site_id FROM placed WHERE dv.access_point_id = placed.id`,
);
await pool.query(
  `SELECT access_events_ensure_partition(m::date)
   FROM generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date) + interval '2 months', interval '1 month') AS m`,
  [first, today],
);
// Spread evenly over the history, one event every few seconds; 3% denied, the rest passages.
await withoutIndexes('access_events', async () => {
  await step(
    'access events',
    `INSERT INTO access_events (device_ref, device_code, event_key, occurred_at, major, minor, kind, action,
                                access_point_id, user_id, card_no, verify_mode, reader_no, door_no, raw)
     SELECT dv.id, dv.device_id, n, ts, 5, CASE WHEN denied THEN 9 ELSE 1 END,
            CASE WHEN denied THEN 'denied' ELSE 'granted' END,
            CASE WHEN denied THEN NULL ELSE dv.direction END,
            dv.access_point_id, CASE WHEN denied THEN NULL ELSE u END, 'B' || lpad(u::text, 7, '0'), 'card',
            CASE WHEN dv.direction = 'entry' THEN 1 ELSE 2 END, 1, '{}'::jsonb
     FROM generate_series(1, $1::bigint) AS n
     CROSS JOIN LATERAL (SELECT $2::timestamptz + (n * ($3::float8 / $1)) * interval '1 second' AS ts,
                                n % 100 < 3 AS denied,
                                1 + (abs(hashint8(n)) % $4)::int AS u,
                                1 + (abs(hashint8(n + 7)) % (SELECT count(*) FROM devices))::int AS dev) x
     JOIN (SELECT id, device_id, direction, access_point_id, row_number() OVER (ORDER BY id) AS rn FROM devices) dv
       ON dv.rn = x.dev`,
    [accessEvents, `${first}T00:00:00Z`, days * 86_400, people],
  );
});
await step(
  'access daily counts',
  `INSERT INTO access_daily_counts (day, entries, exits, denied, alarms)
   SELECT (occurred_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE action = 'entry'),
          count(*) FILTER (WHERE action = 'exit'), count(*) FILTER (WHERE kind = 'denied'), 0
   FROM access_events GROUP BY 1`,
);

// People counting: a year of 15-minute windows from each entrance counter, and their hourly rollup.
await step(
  'counters',
  `INSERT INTO devices (device_id, type, name, model, location, direction, status, last_seen_at)
   SELECT 'PC-B' || lpad(n::text, 3, '0'), 'counter', 'Entrance ' || n, 'iDS-2CD6810F', 'Entrance ' || n,
          'both', 'online', now()
   FROM generate_series(1, $1) AS n`,
  [counters],
);
await pool.query(
  `WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS i FROM sites),
     numbered AS (SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS i FROM devices WHERE type = 'counter')
  UPDATE devices dv SET site_id = r.id FROM numbered c JOIN ranked r ON r.i = c.i % $1 WHERE dv.id = c.id`,
  [Math.max(1, sites)],
);
await step(
  'counting windows',
  `INSERT INTO counting_windows (device_id, window_start, window_end, entries, exits, passby, source)
   SELECT dv.id, w, w + interval '15 minutes', e, greatest(e - 1, 0), e * 2 + (h % 5), 'timeRange'
   FROM devices dv
   CROSS JOIN generate_series(date_trunc('day', now()) - interval '365 days', now() - interval '15 minutes',
                              interval '15 minutes') AS w
   CROSS JOIN LATERAL (SELECT abs(hashint8(dv.id::bigint * 100000000 + extract(epoch FROM w)::bigint)) AS h) r
   CROSS JOIN LATERAL (SELECT CASE WHEN extract(hour FROM w) BETWEEN 8 AND 19 THEN (r.h % 12)::int ELSE (r.h % 2)::int END AS e) x
   WHERE dv.type = 'counter'`,
);
await step(
  'counting hourly rollup',
  `INSERT INTO counting_hourly (device_id, hour, entries, exits, passby)
   SELECT device_id, date_trunc('hour', window_start), sum(entries), sum(exits), sum(passby)
   FROM counting_windows GROUP BY 1, 2`,
);

const t1 = performance.now();
await pool.query('VACUUM ANALYZE');
console.info(`  vacuum analyze: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
await pool.query(
  `INSERT INTO settings (key, value) VALUES ('bench_dataset', $1::jsonb)
   ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  [JSON.stringify(spec)],
);
const size = await pool.query<{ size: string }>(
  'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
);
console.info(
  `Built ${target.name} in ${((performance.now() - started) / 1000).toFixed(0)} s; database size ${size.rows[0]!.size}.`,
);
console.info(
  `Sign in as admin@bench.local or personN@bench.local (N = 2..${people}) with ${BENCH_PASSWORD}.`,
);
await close();
