import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { AppError } from '../core/errors';
import { Gate } from './gate';
import { RETRY_AFTER_SECONDS } from './unavailable';

/**
 * The main pool behind a queue of its own: a statement waiting for one of the few connections
 * (config.defaultPoolSize) waits its turn for up to `waitMs` and is then refused with 503 `busy`,
 * while the pool's own short connect timeout only ever times a connect, so a database that is down
 * is still reported within seconds. Without it, a burst of slow reads queued in the pool past that
 * timeout and was answered "database unavailable" while the database was up.
 */
export class GatedPool implements PostgresPool {
  private readonly gate: Gate;

  constructor(
    private readonly pool: pg.Pool,
    size: number,
    queueLimit: number,
    waitMs: number,
  ) {
    this.gate = new Gate(
      size,
      queueLimit,
      waitMs,
      () =>
        new AppError('busy', 'The server is busy right now. Try again shortly.', undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        }),
    );
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.gate.enter();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.gate.leave();
      throw error;
    }
    return releasedOnce(client, () => {
      client.release();
      this.gate.leave();
    });
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** A pool client as Kysely takes it, whose release runs `release` once however often it is called. */
export function releasedOnce(client: pg.PoolClient, release: () => void): PostgresPoolClient {
  let released = false;
  return {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release: () => {
      if (released) return;
      released = true;
      release();
    },
  };
}
