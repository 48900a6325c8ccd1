import http from 'node:http';
import { addDays } from '@atrium/contract/calendar';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp, testReportsPool } from '../../../test/context';
import { eventually } from '../../../test/eventually';
import type { LoggedIn } from '../../../test/fixtures';
import { type Session, useSuite } from '../../../test/suite';
import { ReportsPool } from '../../db/reports-pool';

// Reports and exports on their own pool (db/reports-pool.ts): a report held up in PostgreSQL, here
// by a lock on the table it reads, stands for one over a year of a large organisation.
const suite = useSuite();
let base: string;
let staff: Session;
const today = new Date().toISOString().slice(0, 10);
/** The widest range the limits allow: 366 days. */
const YEAR = `startDate=${addDays(today, -365)}&endDate=${today}`;

beforeAll(async () => {
  await suite.app.listen({ port: 0, host: '127.0.0.1' });
  const address = suite.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  staff = await suite.signedIn();
});

/** An ACCESS EXCLUSIVE lock on `table`, held by a session of its own until released. */
async function lockTable(table: string): Promise<() => Promise<void>> {
  const holder = new pg.Client({ connectionString: suite.database.url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await holder.query('ROLLBACK');
    await holder.end();
  };
}

/** The attendance report's statements on attendance_months (pg_stat_activity keeps a statement's first 1 kB). */
const ATTENDANCE_MONTHS = 'months AS (';

/** Statements of this database running now (or waiting on a lock) whose text holds `marker`. */
async function running(marker: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    -- Client backends only: autovacuum's ANALYZE of a table just filled names it too.
    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
      AND backend_type = 'client backend'
      AND query LIKE ${`%${marker}%`}`.execute(suite.db);
  return rows[0]!.n;
}

/** A request over a real socket that the test can abandon, as a browser tab closed mid-report. */
function send(method: string, path: string, as: LoggedIn, body?: object) {
  const req = http.request(`${base}${path}`, {
    method,
    headers: { ...as.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
  });
  req.on('error', () => {});
  const response = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  req.end(body ? JSON.stringify(body) : undefined);
  return { response, abandon: () => req.destroy() };
}

/** How long the statements of an abandoned request may outlive it. */
const GONE_WITHIN_MS = 2000;

/**
 * Behind a transaction-mode pooler (the CI run through PgBouncer 1.18) no cancel request is sent:
 * that PgBouncer exits on one (see ReportsPool), so abandoned statements run to their time limit.
 */
const cancels = inject('poolMode') !== 'transaction';

describe('abandoned reports', () => {
  it.runIf(cancels)('leave my-status answering throughout, and their statements end within 2 s', async () => {
    const release = await lockTable('attendance_months');
    const answers: { status: number; ms: number }[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/attendance/my-status`, { headers: staff.auth });
        await res.arrayBuffer();
        answers.push({ status: res.status, ms: performance.now() - t0 });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      const sent = performance.now();
      const reports = Array.from({ length: 5 }, () =>
        send('GET', `/api/reports/attendance?${YEAR}`, suite.admin),
      );
      // Every connection of the reports pool is held by a report; the other reports queue.
      await eventually(
        async () => (await running(ATTENDANCE_MONTHS)) === testReportsPool.size,
        5000,
        'the reports to take the pool',
      );
      await new Promise((r) => setTimeout(r, Math.max(0, sent + 1500 - performance.now())));
      for (const report of reports) report.abandon();
      const abandoned = performance.now();
      while ((await running(ATTENDANCE_MONTHS)) > 0) {
        expect(performance.now() - abandoned).toBeLessThan(GONE_WITHIN_MS);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      probing = false;
      await probe;
      await release();
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Not one waited for a connection (the main pool's wait ends in a 503 after 5 s).
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000);
    // Their connections and places in the queue came back: a report answers at once.
    const res = await suite.http.get(`/api/reports/attendance?${YEAR}`, suite.admin);
    expect(res.statusCode).toBe(200);
  });

  it('queue while the pool is busy, longer than a connect may take, and all answer', async () => {
    const release = await lockTable('attendance_months');
    const reports = Array.from({ length: 10 }, () =>
      suite.http.get(`/api/reports/attendance?${YEAR}`, suite.admin),
    );
    // Past the 5 s after which a request waiting for the main pool answers 503.
    await new Promise((r) => setTimeout(r, 6000));
    await release();
    const answers = await Promise.all(reports);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
  }, 20_000);

  it.runIf(cancels)(
    'ends the statement of a streamed export whose download is cancelled mid-file',
    async () => {
      // 400 people over 300 days: a file of tens of MB, more than the sockets between hold.
      await sql`
      WITH people AS (
        INSERT INTO users (email, first_name, last_name, employee_number, badge_number, role, start_date)
        SELECT 'bulk' || g || '@example.com', 'Bulk', 'Person ' || g, 'B' || g, 'BB' || g, 'staff', '2020-01-01'
        FROM generate_series(1, 400) g
        RETURNING id)
      INSERT INTO attendance_records (user_id, date, check_in_time, check_out_time, source)
      SELECT p.id, d::date, d + interval '9 hours', d + interval '17 hours', 'web'
      FROM people p CROSS JOIN generate_series(${addDays(today, -300)}::date, ${addDays(today, -1)}::date, interval '1 day') d
    `.execute(suite.db);
      const download = send('POST', '/api/attendance/export', suite.admin, {
        startDate: addDays(today, -300),
        endDate: today,
        format: 'csv',
      });
      const res = await download.response;
      expect(res.statusCode).toBe(200);
      // Read a little, then stop reading: the server stops at what the sockets hold, its cursor open.
      await new Promise<void>((resolve) => res.once('data', () => resolve()));
      res.pause();
      await eventually(async () => (await running('attendance_records')) === 1, 5000, 'the export to stream');
      await new Promise((r) => setTimeout(r, 500));
      expect(await running('attendance_records')).toBe(1);
      download.abandon();
      await eventually(
        async () => (await running('attendance_records')) === 0,
        GONE_WITHIN_MS,
        'the export statement to end',
      );
    },
    30_000,
  );
});

describe('the attendance list', () => {
  it('reads a range of more than a month on the reports pool, a shorter one on the main pool', async () => {
    const release = await lockTable('attendance_records');
    try {
      const long = suite.http.get(
        `/api/attendance?startDate=${addDays(today, -40)}&endDate=${today}`,
        suite.admin,
      );
      const week = suite.http.get(
        `/api/attendance?startDate=${addDays(today, -6)}&endDate=${today}`,
        suite.admin,
      );
      const waiting = await eventually(
        async () => {
          const { rows } = await sql<{ application_name: string }>`
            SELECT application_name FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
            ORDER BY application_name`.execute(suite.db);
          return rows.length === 2 && rows.map((r) => r.application_name);
        },
        5000,
        'both lists to wait for the lock',
      );
      expect(waiting).toEqual(['atrium', 'atrium-reports']);
      await release();
      expect((await long).statusCode).toBe(200);
      expect((await week).statusCode).toBe(200);
    } finally {
      await release().catch(() => {});
    }
  });
});

describe('time limits', () => {
  let short: TestApp;
  let reports: ReportsPool;
  beforeAll(async () => {
    reports = new ReportsPool(suite.database.url, {
      ...testReportsPool,
      size: 1,
      statementTimeoutMs: 1500,
      queueTimeoutMs: 300,
    });
    short = await startTestApp({ ...suite.database, reports });
  });
  afterAll(async () => {
    await short?.close();
    await reports?.close();
  });

  it('answers 504 when a report runs past its statement timeout, 503 busy when it waited too long for a connection', async () => {
    // The people-counting report reads in one statement: it alone holds the one connection.
    const release = await lockTable('counting_hourly');
    try {
      const slow = short.app.inject({
        url: `/api/reports/people-analytics?${YEAR}`,
        headers: suite.admin.auth,
      });
      await eventually(async () => (await running('counting_hourly')) === 1, 5000, 'the report to start');
      const waiting = await short.app.inject({
        url: `/api/reports/people-analytics?${YEAR}`,
        headers: suite.admin.auth,
      });
      expect(waiting.statusCode).toBe(503);
      expect(waiting.headers['retry-after']).toBe('5');
      expect(waiting.json().error.code).toBe('busy');

      const stopped = await slow;
      expect(stopped.statusCode).toBe(504);
      expect(stopped.json()).toEqual({
        error: {
          code: 'timeout',
          message: 'This took too long and was stopped. Try a shorter date range, or try again later.',
        },
      });
    } finally {
      await release();
    }
  });
});
