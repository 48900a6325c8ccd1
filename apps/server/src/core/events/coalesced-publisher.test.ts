import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { type DomainEvent, EventBus } from './bus';
import { CoalescedPublisher } from './coalesced-publisher';

let database: TestDatabase;
let bus: EventBus;
let raw: pg.Client;
const notifications: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  bus = new EventBus(database.db, database.url);
  raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  raw.on('notification', (n) => notifications.push(n.payload ?? ''));
  await raw.query('LISTEN atrium_events');
});
afterAll(async () => {
  await raw.end();
  await database.drop();
});

const changed = (key: string): DomainEvent => ({ kind: 'settings_changed', keys: [key] });
const keysOf = (payloads: string[]) =>
  payloads.flatMap((p) => [JSON.parse(p)].flat().map((e: { keys: string[] }) => e.keys[0]));
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('CoalescedPublisher', () => {
  it('sends what was published within its window as one notification, in order', async () => {
    notifications.length = 0;
    const publisher = new CoalescedPublisher(
      bus,
      (e) => {
        throw e;
      },
      50,
    );
    publisher.publish([changed('a'), changed('b')]);
    publisher.publish([]);
    publisher.publish([changed('c')]);
    expect(notifications).toEqual([]);
    await until(() => notifications.length > 0);
    publisher.publish([changed('d')]);
    await until(() => notifications.length > 1);
    expect(notifications.map((n) => keysOf([n]))).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('sends at once what is waiting when asked to settle (on stop), and reports a failure', async () => {
    notifications.length = 0;
    const failures: unknown[] = [];
    const publisher = new CoalescedPublisher(bus, (e) => failures.push(e), 60_000);
    publisher.publish([changed('e')]);
    await publisher.settled();
    await until(() => notifications.length > 0);
    expect(keysOf(notifications)).toEqual(['e']);
    // An event too large for NOTIFY fails its statement; the failure is reported, not thrown.
    publisher.publish([changed('x'.repeat(9000))]);
    await publisher.settled();
    expect(failures).toHaveLength(1);
    publisher.publish([changed('f')]);
    await publisher.settled();
    await until(() => notifications.length > 1);
    expect(keysOf(notifications)).toEqual(['e', 'f']);
  });
});
