import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDoors, type TestDoor } from '../../../test/access';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { makeDevice } from '../../../test/factories';
import { EventBus } from '../../core/events/bus';
import { newPushSecret } from './devices.service';
import { hashSecret } from './push.service';
import { PushDevices } from './push-devices';

let database: TestDatabase;
let bus: EventBus;
let door: TestDoor;

/** A device that pushes with a secret of its own. */
async function pushingDevice(code: string) {
  const device = await makeDevice(database.db, { code, direction: 'entry', status: 'online', pushes: true });
  return { id: device.id, hash: hashSecret(device.secret!) };
}

/** Changes a device's secret the way a change by hand does: no event says so. */
async function rotateByHand(id: number) {
  await database.db
    .updateTable('devices')
    .set({ push_secret_hash: hashSecret(newPushSecret()) })
    .where('id', '=', id)
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  bus = new EventBus(database.db, database.url);
  await bus.start();
  ({ server: door } = await seedDoors(database.db, 'P'));
});
afterAll(async () => {
  await bus?.stop();
  await database?.drop();
});

describe('PushDevices', () => {
  it('answers from memory until any process says devices changed', async () => {
    const devices = new PushDevices(database.db, bus);
    const stop = devices.follow();
    const hash = hashSecret(door.secret);
    expect((await devices.find(hash))?.id).toBe(door.id);

    // Another process rotates the secret: until its event arrives, the old one is still known here.
    await rotateByHand(door.id);
    expect((await devices.find(hash))?.id).toBe(door.id);
    await bus.publish({ kind: 'devices_changed' });
    await expect.poll(() => devices.find(hash)).toBeUndefined();
    stop();
  });

  it('shares one lookup between concurrent pushes, and keeps nothing long while the bus is deaf', async () => {
    const deaf = new EventBus(database.db, database.url);
    const devices = new PushDevices(database.db, deaf, { trustMs: 60_000, briefMs: 50, maxEntries: 10 });
    const secret = newPushSecret();
    await database.db
      .updateTable('devices')
      .set({ push_secret_hash: hashSecret(secret) })
      .where('id', '=', door.id)
      .execute();
    const [a, b] = await Promise.all([devices.find(hashSecret(secret)), devices.find(hashSecret(secret))]);
    expect(a).toBe(b);
    await rotateByHand(door.id);
    await new Promise((r) => setTimeout(r, 60));
    expect(await devices.find(hashSecret(secret))).toBeUndefined();
  });

  it('reads known devices again after their minute in one query, answering from memory meanwhile', async () => {
    let queries = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    // The background read must end within trustMs of starting, or the device is read again before
    // answering: a second long enough for a loaded machine (and a pooler's extra hop).
    const devices = new PushDevices(counted, bus, { trustMs: 1000, briefMs: 1000, maxEntries: 10 });
    const first = await pushingDevice('P-R1');
    const second = await pushingDevice('P-R2');
    expect((await devices.find(first.hash))?.id).toBe(first.id);
    expect((await devices.find(second.hash))?.id).toBe(second.id);
    await rotateByHand(first.id);
    await new Promise((r) => setTimeout(r, 1050));

    queries = 0;
    // Past its minute (here 1 s) the push is still answered at once, as the device was.
    expect((await devices.find(first.hash))?.id).toBe(first.id);
    // The background read sees the change made by hand, and read the other device with it.
    await expect.poll(() => devices.find(first.hash)).toBeUndefined();
    expect((await devices.find(second.hash))?.id).toBe(second.id);
    expect(queries).toBe(1);
  });

  it('reads a device before answering once it is twice its minute old', async () => {
    const devices = new PushDevices(database.db, bus, { trustMs: 50, briefMs: 10, maxEntries: 10 });
    const device = await pushingDevice('P-R3');
    expect((await devices.find(device.hash))?.id).toBe(device.id);
    await rotateByHand(device.id);
    await new Promise((r) => setTimeout(r, 120));
    expect(await devices.find(device.hash)).toBeUndefined();
  });
});
