import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { type Audience, type DomainEvent, EventBus, type Replay } from './bus';
import { pruneLog } from './log';

let database: TestDatabase;
let publisher: EventBus;
let listener: EventBus;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two buses on one database stand for two server processes.
  publisher = new EventBus(database.db, database.url);
  listener = new EventBus(database.db, database.url);
  await Promise.all([publisher.start(), listener.start()]);
});
afterAll(async () => {
  await Promise.all([publisher.stop(), listener.stop()]);
  await database.drop();
});

const settingsChanged = (key: string): DomainEvent => ({ kind: 'settings_changed', keys: [key] });
const keyOf = (event: DomainEvent): string =>
  event.kind === 'settings_changed' ? event.keys[0]! : event.kind;

/** Collects what the listener hears until `count` events arrived. */
function hear(count: number, bus = listener): Promise<{ event: DomainEvent; seq: number }[]> {
  const heard: { event: DomainEvent; seq: number }[] = [];
  return new Promise((resolve) => {
    const stop = bus.subscribe((event, seq) => {
      heard.push({ event, seq });
      if (heard.length === count) {
        stop();
        resolve(heard);
      }
    });
  });
}

const deviceStatus = (id: number, audience: Audience = { admins: true }): DomainEvent => ({
  kind: 'live',
  type: 'device_status',
  data: { id, deviceId: `HK-${id}`, status: 'online', last_seen_at: null },
  audience,
});
const ids = (replay: Replay) =>
  replay === 'gone' ? 'gone' : replay.events.map(({ event }) => event.kind === 'live' && event.data);

describe('the event log', () => {
  it('delivers a batch whole and in order to another process, each event numbered', async () => {
    const events = Array.from({ length: 40 }, (_, i) => settingsChanged(`${i}${'x'.repeat(1000)}`));
    const heard = hear(events.length + 1);
    await publisher.publishMany(events);
    await publisher.publish(settingsChanged('last'));
    const got = await heard;
    expect(got.map((h) => h.event)).toEqual([...events, settingsChanged('last')]);
    const seqs = got.map((h) => h.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('logs with the transaction: nothing of a rolled-back one, everything of a committed one after its commit', async () => {
    const heard: string[] = [];
    const stop = listener.subscribe((event) => heard.push(keyOf(event)));
    await database.db
      .transaction()
      .execute(async (trx) => {
        await publisher.publish(settingsChanged('rolled back'), trx);
        throw new Error('undo');
      })
      .catch(() => {});
    const committed = hear(1);
    await database.db.transaction().execute(async (trx) => {
      await publisher.publish(settingsChanged('committed'), trx);
      await listener.caughtUp();
      expect(heard).toEqual([]);
    });
    await committed;
    stop();
    expect(heard).toEqual(['committed']);
  });

  it('delivers events in commit order: one numbered first but committed last comes last, once', async () => {
    const heard: string[] = [];
    const stop = listener.subscribe((event) => heard.push(keyOf(event)));
    await database.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      // Numbered first, while the next two commit (and are looked for) before it does: a reader
      // going by number alone would take them and then never go back for it.
      await publisher.publish(settingsChanged('numbered first, committed last'), conn);
      await publisher.publish(settingsChanged('second'));
      await publisher.publish(settingsChanged('third'));
      await listener.caughtUp();
      expect(heard).toEqual(['second', 'third']);
      await sql`COMMIT`.execute(conn);
    });
    await listener.caughtUp();
    stop();
    expect(heard).toEqual(['second', 'third', 'numbered first, committed last']);
  });

  it('loses nothing while its listening connection is cut: what was logged meanwhile arrives after', async () => {
    const heard = hear(5);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN atrium_events'`.execute(database.db);
    for (let i = 0; i < 5; i += 1) await publisher.publish(settingsChanged(`during ${i}`));
    const got = await heard;
    expect(got.map((h) => keyOf(h.event))).toEqual([0, 1, 2, 3, 4].map((i) => `during ${i}`));
  });

  it('replays a member’s missed live events, and says gone once the log was pruned past them', async () => {
    const seen = hear(1);
    await publisher.publish(deviceStatus(1));
    const since = (await seen)[0]!.seq;
    const more = hear(3);
    await publisher.publish(deviceStatus(2));
    await publisher.publish(deviceStatus(3, { userIds: [77] }));
    await publisher.publish(deviceStatus(4));
    await more;
    const upTo = listener.head();
    const admin = await listener.replay(since, upTo, { userId: 1, admin: true }, 10);
    expect(ids(admin)).toEqual([deviceStatus(2), deviceStatus(4)].map((e) => e.kind === 'live' && e.data));
    const staff = await listener.replay(since, upTo, { userId: 77, admin: false }, 10);
    expect(ids(staff)).toEqual([deviceStatus(3)].map((e) => e.kind === 'live' && e.data));
    expect(await listener.replay(since, upTo, { userId: 1, admin: true }, 1)).toBe('gone');
    expect(await listener.replay(999_999_999, upTo, { userId: 1, admin: true }, 10)).toBe('gone');

    expect(await pruneLog(database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await listener.replay(since, upTo, { userId: 1, admin: true }, 10)).toBe('gone');
    // A client that joined at the horizon misses nothing once the log is empty.
    const horizon = await new EventBus(database.db, database.url).replay(
      upTo.seq,
      upTo,
      { userId: 1, admin: true },
      10,
    );
    expect(horizon).toEqual({ events: [] });
  });
});
