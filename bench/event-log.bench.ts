/**
 * What the durable event log costs a write: events logged by their transactions, beside the same
 * rows written to a plain table (same columns and indexes, no commit numbering, no lock, no
 * wake-up) in the same run; and how long an event takes to reach another process's subscriber.
 * Run: npm run bench -- event-log   (BENCH_DATABASE_URL: the server to use, default local 5432)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type DomainEvent, EventBus } from '../apps/server/src/core/events/bus';
import { createDb, type Db, withDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `atrium_event_log_bench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = withDatabase(serverUrl, name);
const db = createDb(url, 10);

const event = (i: number): DomainEvent => ({
  kind: 'live',
  type: 'device_status',
  data: { id: i, deviceId: `HK-${i}`, status: 'online', last_seen_at: new Date().toISOString() },
  audience: { admins: true },
});

try {
  await migrate(db);
  await sql`CREATE TABLE plain_log (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    event jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`CREATE INDEX ON plain_log (txid, seq)`.execute(db);
  const publisher = new EventBus(db, url);
  interface Writer {
    publish(e: DomainEvent, executor: Db): Promise<unknown>;
    publishMany(events: DomainEvent[], executor: Db): Promise<unknown>;
  }
  const plain: Writer = {
    publish: (e, executor) =>
      sql`INSERT INTO plain_log (event) VALUES (${JSON.stringify(e)}::jsonb)`.execute(executor),
    publishMany: (events, executor) =>
      sql`INSERT INTO plain_log (event) SELECT e FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) AS t(e)`.execute(
        executor,
      ),
  };
  const logged: Writer = {
    publish: (e: DomainEvent, executor: Db) => publisher.publish(e, executor),
    publishMany: (events: DomainEvent[], executor: Db) => publisher.publishMany(events, executor),
  };

  /** `count` transactions from `writers` concurrent writers, each logging one event: ms per commit, tx/s. */
  async function singles(target: Writer, count: number, writers: number) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (next < count) {
          const i = next++;
          await db.transaction().execute((trx) => target.publish(event(i), trx));
        }
      }),
    );
    const ms = performance.now() - started;
    return { perTx: (ms / count) * writers, perSecond: count / (ms / 1000) };
  }

  async function batches(target: Writer, count: number, size: number) {
    const started = performance.now();
    for (let b = 0; b < count; b += 1) {
      const events = Array.from({ length: size }, (_, i) => event(b * size + i));
      await db.transaction().execute((trx) => target.publishMany(events, trx));
    }
    return ((performance.now() - started) * 1000) / (count * size);
  }

  // Warm both paths first.
  await singles(plain, 200, 1);
  await singles(logged, 200, 1);
  for (const writers of [1, 8]) {
    const p = await singles(plain, 2000, writers);
    const l = await singles(logged, 2000, writers);
    console.info(
      `one event per transaction, ${writers} writer(s): event log ${l.perTx.toFixed(2)} ms/commit (${l.perSecond.toFixed(0)} tx/s) | plain table ${p.perTx.toFixed(2)} ms/commit (${p.perSecond.toFixed(0)} tx/s)`,
    );
  }
  const p = await batches(plain, 40, 500);
  const l = await batches(logged, 40, 500);
  console.info(
    `batches of 500 events: event log ${l.toFixed(1)} µs/event | plain table ${p.toFixed(1)} µs/event | the log's own cost ${(l - p).toFixed(1)} µs/event`,
  );

  // From the publish to another process's subscriber.
  const readerDb = createDb(url, 2);
  const reader = new EventBus(readerDb, url);
  await reader.start();
  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  reader.subscribe((e) => {
    if (e.kind === 'live' && e.type === 'device_status' && sentAt.has(e.data.id))
      delays.push(performance.now() - sentAt.get(e.data.id)!);
  });
  for (let i = 1_000_000; i < 1_000_500; i += 1) {
    sentAt.set(i, performance.now());
    await publisher.publish(event(i));
    await new Promise((r) => setTimeout(r, 2));
  }
  await reader.caughtUp();
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!.toFixed(1);
  console.info(
    `publish to another process's subscriber (${delays.length} events): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
  await reader.stop();
  await readerDb.destroy();
} finally {
  await db.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
