import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { AppError } from '../core/errors';
import type { ReportsPoolOptions } from '../core/module';
import { lowerBackendPriority } from './backend-priority';
import { sendCancelRequest } from './cancel-request';
import { createPool, type Db, dbOver } from './connection';
import { Gate } from './gate';
import { releasedOnce } from './gated-pool';
import { RETRY_AFTER_SECONDS } from './unavailable';

/** How much lower the reports' server processes run (see backend-priority.ts). */
export const REPORTS_NICE = 10;

/**
 * The connections reports and exports run on, apart from the main pool: a report over a year, or
 * ten at once, never holds a connection that a check-in or a status read waits for. A checkout
 * waits its turn in a bounded queue (gate.ts) rather than failing after the main pool's few
 * seconds, so a burst of reports is served one after another. Each request gets a Db of its own
 * (`db(signal)`): when its signal aborts, because the client went away, the statements it is
 * running are cancelled and it starts no more.
 */
export class ReportsPool {
  private readonly pool: pg.Pool;
  private readonly gate: Gate;
  /**
   * PgBouncer 1.18 in transaction mode exits on a cancel request (FATAL "bad client state" in
   * disconnect_client, seen here), taking every connection with it: behind a transaction pooler the
   * statements of a client gone away run on to their time limit, and none are started after.
   */
  private readonly cancels: boolean;
  /** A new connection's first step, which its first report waits for: lowering its priority. */
  private readonly lowered = new WeakMap<pg.PoolClient, Promise<boolean>>();

  readonly settings: { url: string; options: ReportsPoolOptions };

  constructor(url: string, options: ReportsPoolOptions) {
    this.settings = { url, options };
    this.cancels = (options.poolMode ?? 'session') === 'session';
    // The gate lets no more checkouts through than the pool has connections, so the pool itself
    // never queues: its few seconds' connect timeout only ever times a connect.
    this.pool = createPool(url, options.size, {
      statementTimeoutMs: options.statementTimeoutMs,
      applicationName: 'atrium-reports',
      poolMode: options.poolMode,
    });
    // Behind a transaction pooler a connection has no server process of its own to lower.
    if (this.cancels)
      this.pool.on('connect', (client) =>
        this.lowered.set(
          client,
          lowerBackendPriority(client, REPORTS_NICE).catch(() => false),
        ),
      );
    this.gate = new Gate(
      options.size,
      options.queueLimit,
      options.queueTimeoutMs,
      () =>
        new AppError('busy', 'Reports and exports are busy right now. Try again shortly.', undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        }),
    );
  }

  /** A Db whose statements are cancelled, and which starts no more, once `signal` aborts. */
  db(signal?: AbortSignal): Db {
    return dbOver(
      new RequestClients(this.pool, this.gate, signal, this.cancels, (client) => this.lowered.get(client)),
    );
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** One request's checkouts from the pool, each through the gate; all cancelled on abort. */
class RequestClients implements PostgresPool {
  private readonly held = new Set<pg.PoolClient>();
  private readonly cancelled = new WeakSet<pg.PoolClient>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly gate: Gate,
    private readonly signal: AbortSignal | undefined,
    private readonly cancels: boolean,
    private readonly settled: (client: pg.PoolClient) => Promise<unknown> | undefined,
  ) {
    signal?.addEventListener('abort', () => this.cancelAll(), { once: true });
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.gate.enter(this.signal);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
      await this.settled(client);
    } catch (error) {
      this.gate.leave();
      throw error;
    }
    if (this.signal?.aborted) {
      client.release();
      this.gate.leave();
      throw this.signal.reason;
    }
    this.held.add(client);
    return releasedOnce(client, () => {
      this.held.delete(client);
      // A cancel may reach the server after the statement it was meant for has ended: the
      // session is closed rather than handed to the next request, whose statement it would stop.
      client.release(this.cancelled.has(client));
      this.gate.leave();
    });
  }

  /** The pool outlives every request's view of it (ReportsPool.close ends it). */
  async end(): Promise<void> {}

  private cancelAll(): void {
    for (const client of this.held) {
      this.cancelled.add(client);
      if (this.cancels) sendCancelRequest(client);
    }
  }
}
