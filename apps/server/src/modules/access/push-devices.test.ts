import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDoors, type TestDoor } from '../../../test/access';
import { createTestDatabase, type TestDatabase } from '../../../test/context';
import { EventBus } from '../../events/bus';
import { newPushSecret } from './devices.service';
import { hashSecret } from './push.service';
import { PushDevices } from './push-devices';

let database: TestDatabase;
let bus: EventBus;
let door: TestDoor;

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
    await database.db
      .updateTable('devices')
      .set({ push_secret_hash: hashSecret(newPushSecret()) })
      .where('id', '=', door.id)
      .execute();
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
    await database.db
      .updateTable('devices')
      .set({ push_secret_hash: hashSecret(newPushSecret()) })
      .where('id', '=', door.id)
      .execute();
    await new Promise((r) => setTimeout(r, 60));
    expect(await devices.find(hashSecret(secret))).toBeUndefined();
  });
});
