/// <reference path="./pg-cursor.d.ts" />
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema';

// Dates come back as JS Dates for timestamptz; plain DATE columns stay 'YYYY-MM-DD' strings,
// because a calendar date has no time zone and must not shift when turned into a Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// Counts and sums fit easily in a JS number here (row counts, ids far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

/**
 * How the server at the URL hands out sessions: `session` (PostgreSQL itself, or a pooler in
 * session mode) keeps one server session per connection; `transaction` (PgBouncer's transaction
 * pool mode) may give each transaction another one, so nothing may rely on a session's state.
 */
export type PoolMode = 'session' | 'transaction';

/**
 * A statement whose text starts with `/* prepared: name *\/` is prepared once per connection and
 * then only bound and run: PostgreSQL plans it from a cached plan instead of parsing and planning
 * it every time, which for a hot statement with CTEs cost more than running it. The text of a
 * name must never change while a connection lives (it comes from code, so it does not).
 */
const PREPARED = /^\/\* prepared: ([a-z_]+) \*\//;

function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? PREPARED.exec(config)?.[1] : undefined;
    return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
  }) as typeof client.query;
}

export interface PoolOptions {
  /**
   * Keeps the connections open when idle: for a connection written on all day, whose
   * replacement would cost a connect and a cold server process.
   */
  keepIdle?: boolean;
  /**
   * PostgreSQL cancels any statement of these sessions that runs longer (SQLSTATE 57014); none
   * when absent (migrations, tools). A streamed read (a cursor) is one statement from its first
   * row to its last. A startup option, so not behind a transaction-mode pooler (see poolMode).
   */
  statementTimeoutMs?: number;
  /** How the sessions show in pg_stat_activity (`atrium`, `atrium-reports`). */
  applicationName?: string;
  poolMode?: PoolMode;
}

/** A pool of at most `max` connections. */
export function createDb(url: string, max = 10, options: PoolOptions = {}): Db {
  return dbOver(createPool(url, max, options));
}

/** The pg pool under createDb, for a pool that hands its connections out itself (reports-pool.ts). */
export function createPool(
  url: string,
  max: number,
  { keepIdle = false, statementTimeoutMs, applicationName = 'atrium', poolMode = 'session' }: PoolOptions,
): pg.Pool {
  // Behind a transaction-mode pooler a session's settings and prepared statements would land on
  // whichever server session the pooler picks (PgBouncer 1.18 refuses startup options outright,
  // and tracks no prepared statements), so both are left out there: the operator sets jit and
  // statement_timeout on Atrium's role instead (docs/operations.md, "Behind PgBouncer").
  const ownSessions = poolMode === 'session';
  const pool = new pg.Pool({
    connectionString: url,
    application_name: applicationName,
    max,
    ...(keepIdle ? { idleTimeoutMillis: 0 } : {}),
    // While PostgreSQL is down, a request fails within seconds (503) instead of queueing forever.
    connectionTimeoutMillis: 5000,
    // No JIT: Atrium's reads take milliseconds to a second, and PostgreSQL decides to compile one
    // from its row estimates, which over date series (1,000 rows a call, whatever the range) run
    // high: the leave report at 2,000 people spent 600 of its 750 ms compiling. A startup option,
    // so it holds from the first query without a statement queued ahead of it.
    ...(ownSessions
      ? { options: `-c jit=off${statementTimeoutMs ? ` -c statement_timeout=${statementTimeoutMs}` : ''}` }
      : {}),
  });
  // A client that loses its server emits 'error'; with no listener that kills the process. The
  // pool listens on idle clients only, so every client gets its own listener for the time it is
  // checked out too (the query in flight fails with the same error, and the route answers 503).
  // The pool drops broken clients and connects new ones once the server is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (ownSessions) prepareMarkedStatements(client);
  });
  return pool;
}

/** Kysely over a pool, or over anything that hands out a pool's clients. */
export function dbOver(pool: PostgresPool): Db {
  // The cursor lets a query's rows be read a chunk at a time (`.stream()`), for exports.
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
}

/** Points a server URL at another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the database on the server at `url` when it does not exist yet. */
export async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
