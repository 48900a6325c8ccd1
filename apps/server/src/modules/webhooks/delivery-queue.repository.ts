import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The senders' SQL: claiming due deliveries and recording each attempt's outcome. */

type Db = Kysely<Database>;

export interface ClaimedDelivery {
  id: number;
  subscription_id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
}

/**
 * Up to `limit` due deliveries of enabled subscriptions, marked `delivering` with this attempt
 * counted and a lease: SKIP LOCKED keeps two processes off the same row, and a process that
 * dies mid-attempt leaves a row that falls due again when its lease ends.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
      .select([
        'd.id',
        'd.subscription_id',
        'd.message_id',
        'd.payload',
        'd.attempts',
        'd.created_at',
        's.url',
        's.secret',
      ])
      .where('d.status', 'in', ['pending', 'delivering', 'failed'])
      .where('d.next_attempt_at', '<=', sql<Date>`now()`)
      .where('s.enabled', '=', true)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(limit)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivering',
        attempts: sql`attempts + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .execute();
    return due.map((d) => ({ ...d, id: Number(d.id), attempts: d.attempts + 1 }));
  });
}

export interface Attempt {
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
}

export async function markSucceeded(db: Db, delivery: ClaimedDelivery, attempt: Attempt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: 'succeeded',
        delivered_at: sql`now()`,
        next_attempt_at: null,
        last_status_code: attempt.statusCode,
        last_response_ms: attempt.responseMs,
        last_error: null,
      })
      .where('id', '=', delivery.id)
      .execute();
    await trx
      .updateTable('webhook_subscriptions')
      .set({ consecutive_failures: 0, failing_since: null })
      .where('id', '=', delivery.subscription_id)
      .execute();
  });
}

/**
 * A failed attempt: retried after `retryInMs` (no later than `until`), or abandoned once `until`
 * has passed. Returns whether it was abandoned and since when the subscription has been failing.
 */
export async function markFailed(
  trx: Db,
  delivery: ClaimedDelivery,
  attempt: Attempt,
  retry: { retryInMs: number; windowMs: number },
): Promise<{ abandoned: boolean; failingForMs: number; enabled: boolean }> {
  const { rows } = await sql<{ abandoned: boolean }>`
    UPDATE webhook_deliveries SET
      status = CASE WHEN now() >= created_at + make_interval(secs => ${retry.windowMs / 1000})
                    THEN 'abandoned' ELSE 'failed' END,
      next_attempt_at = CASE WHEN now() >= created_at + make_interval(secs => ${retry.windowMs / 1000})
                    THEN NULL
                    ELSE least(now() + make_interval(secs => ${retry.retryInMs / 1000}),
                               created_at + make_interval(secs => ${retry.windowMs / 1000})) END,
      last_status_code = ${attempt.statusCode},
      last_response_ms = ${attempt.responseMs},
      last_error = ${attempt.error}
    WHERE id = ${delivery.id}
    RETURNING status = 'abandoned' AS abandoned`.execute(trx);
  const sub = await trx
    .updateTable('webhook_subscriptions')
    .set({
      consecutive_failures: sql`consecutive_failures + 1`,
      failing_since: sql`coalesce(failing_since, now())`,
    })
    .where('id', '=', delivery.subscription_id)
    .returning([
      sql<number>`(extract(epoch FROM now() - failing_since) * 1000)::float8`.as('failing_ms'),
      'enabled',
    ])
    .executeTakeFirst();
  return {
    abandoned: rows[0]?.abandoned ?? false,
    failingForMs: Number(sub?.failing_ms ?? 0),
    enabled: sub?.enabled ?? false,
  };
}

/** Turns a subscription off for repeated failure; its queued deliveries wait until it is on again. */
export async function disableFailing(
  db: Db,
  id: number,
  reason: string,
): Promise<{ url: string } | undefined> {
  return db
    .updateTable('webhook_subscriptions')
    .set({ enabled: false, disabled_reason: reason, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .returning('url')
    .executeTakeFirst();
}

/**
 * Deletes finished deliveries (succeeded or abandoned) older than `days`, a batch at a time: the
 * log is for seeing what happened lately, and would otherwise grow with every event.
 */
export async function pruneDeliveries(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      WITH old AS (
        SELECT id FROM webhook_deliveries
        WHERE status IN ('succeeded', 'abandoned') AND created_at < now() - make_interval(days => ${days})
        LIMIT 5000
      ), gone AS (
        DELETE FROM webhook_deliveries d USING old WHERE d.id = old.id RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`.execute(db);
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < 5000) return total;
  }
}
