import { describe, expect, it } from 'vitest';
import { type AccessTestApp, cardEvent, push, type TestDoor, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser } from '../../../test/factories';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';
import { sweepOfflineDevices } from './device-monitor';

let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;
useAccessSuite('M', (s) => {
  ({ database, t } = s);
  ({ main, server } = s.doors);
});

describe('offline and back', () => {
  it('turns a silent device offline with one alert; its next push brings it back and resolves it', async () => {
    await database.db
      .updateTable('devices')
      .set({ status: 'online', last_seen_at: new Date(Date.now() - 600_000) })
      .where('id', '=', server.id)
      .execute();
    await database.db
      .updateTable('devices')
      .set({ status: 'maintenance' })
      .where('id', '<>', server.id)
      .execute();
    const [optedIn, optedOut] = [
      await makeUser(database.db, { role: 'admin' }),
      await makeUser(database.db, { role: 'admin' }),
    ];
    await database.db
      .updateTable('users')
      .set({ mail_device_alerts: true })
      .where('id', '=', optedIn.id)
      .execute();
    expect(await sweepOfflineDevices(database.db, t.bus, new Date(), 120)).toBe(1);
    expect(await sweepOfflineDevices(database.db, t.bus, new Date(), 120)).toBe(0);
    // Mailed with the alert, once per outage, to the administrator who opted in alone.
    const mailed = await database.db
      .selectFrom('mail_outbox')
      .select(['user_id', 'subject'])
      .where('kind', '=', 'device_offline')
      .where('user_id', 'in', [optedIn.id, optedOut.id])
      .execute();
    expect(mailed).toEqual([
      { user_id: optedIn.id, subject: expect.stringContaining(`Device ${server.code} is offline`) },
    ]);
    const offline = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('kind', '=', 'device_offline')
      .where('device_id', '=', server.code)
      .execute();
    expect(offline).toHaveLength(1);
    expect(offline[0]?.resolved_at).toBeNull();
    expect(
      (
        await database.db
          .selectFrom('devices')
          .select('status')
          .where('id', '=', server.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('offline');

    const e = cardEvent(server.code, new Date('2026-11-21T08:00:00Z'));
    expect((await push(t.url, server.secret, jsonEvent(e), 'application/json')).status).toBe(200);
    expect(
      (
        await database.db
          .selectFrom('devices')
          .select('status')
          .where('id', '=', server.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('online');
    const resolved = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', offline[0]!.id)
      .executeTakeFirstOrThrow();
    expect(resolved.resolved_at).not.toBeNull();
  });

  it('leaves a device in maintenance alone', async () => {
    await database.db
      .updateTable('devices')
      .set({ last_seen_at: new Date(Date.now() - 600_000) })
      .where('id', '=', main.id)
      .execute();
    expect(await sweepOfflineDevices(database.db, t.bus, new Date(), 120)).toBe(0);
  });
});
