import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { createDb } from '../../db/connection';
import { type DomainEvent, EventBus } from './bus';

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

/** Collects what the listener hears until `count` events arrived. */
function hear(count: number): Promise<DomainEvent[]> {
  const heard: DomainEvent[] = [];
  return new Promise((resolve) => {
    const stop = listener.subscribe((event) => {
      heard.push(event);
      if (heard.length === count) {
        stop();
        resolve(heard);
      }
    });
  });
}

describe('the event bus', () => {
  it('sends a batch as a few packed notifications and delivers it whole and in order to another process', async () => {
    // 40 events of about 1 KB: more than one NOTIFY payload (under 8,000 bytes) can carry.
    const events = Array.from({ length: 40 }, (_, i) =>
      settingsChanged(`${String(i).padStart(3, '0')}${'x'.repeat(1000)}`),
    );
    const raw = new pg.Client({ connectionString: database.url });
    await raw.connect();
    const notifications: string[] = [];
    const rawHeardLast = new Promise<void>((resolve) =>
      raw.on('notification', (n) => {
        notifications.push(n.payload ?? '');
        if (n.payload?.includes('"last"')) resolve();
      }),
    );
    await raw.query('LISTEN atrium_events');
    const heard = hear(events.length + 1);
    await publisher.publishMany(events);
    await publisher.publish(settingsChanged('last'));
    expect(await heard).toEqual([...events, settingsChanged('last')]);
    await rawHeardLast;
    await raw.end();
    // 41 events, 7 notifications: six packed for the batch, one for the single event after it.
    expect(notifications).toHaveLength(7);
  });

  it('refuses an event too large for a notification, and publishes nothing of its batch', async () => {
    const heard: DomainEvent[] = [];
    const stop = listener.subscribe((event) => heard.push(event));
    await expect(
      publisher.publishMany([settingsChanged('small'), settingsChanged('y'.repeat(8000))]),
    ).rejects.toThrow(/too large/);
    const marker = hear(1);
    await publisher.publish(settingsChanged('marker'));
    await marker;
    stop();
    expect(heard).toEqual([settingsChanged('marker')]);
  });

  it('publishes alone in order, leaving the connection committing synchronously after', async () => {
    const one = createDb(database.url, 1);
    const alone = new EventBus(one, database.url);
    const events = [settingsChanged('first'), settingsChanged('second'), settingsChanged('third')];
    const heard = hear(events.length);
    await alone.publishAlone(events);
    expect(await heard).toEqual(events);
    const after = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(one);
    expect(after.rows[0]?.synchronous_commit).toBe('on');
    await one.destroy();
  });
});
