import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTestApp, cardEvent, push, type TestDoor, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser, type TestUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';

let database: TestDatabase;
let t: AccessTestApp;
let door: TestDoor;
let person: TestUser;
let admin: LoggedIn;

useAccessSuite('P', (s) => {
  ({ database, t } = s);
  door = s.doors.main;
});
beforeAll(async () => {
  person = await makeUser(database.db, { firstName: 'Bea', lastName: 'Badge' });
  admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
});

async function pass(cardNo: string, at: string) {
  const e = cardEvent(door.code, new Date(at), { cardNo, readerNo: 1 });
  expect((await push(t.url, door.secret, jsonEvent(e), 'application/json')).status).toBe(200);
}

describe('a badge changed through PATCH /api/users/:id', () => {
  it('keeps the door events of the old badge naming the person; the new badge names them from then on', async () => {
    const old = await database.db
      .selectFrom('users')
      .select('badge_number')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    await pass(old.badge_number, '2026-11-20T08:00:00Z');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      headers: admin.auth,
      payload: { badgeNumber: 'BEA-NEW-1' },
    });
    expect(res.statusCode).toBe(200);
    await pass('BEA-NEW-1', '2026-11-21T08:00:00Z');
    await pass(old.badge_number, '2026-11-22T08:00:00Z');

    const logs = await t.app.inject({ url: `/api/access/logs?userId=${person.id}`, headers: admin.auth });
    expect(logs.statusCode).toBe(200);
    const times = logs.json().logs.map((l: { timestamp: string }) => l.timestamp.slice(0, 10));
    // The old card's passage before the change, and the new card's after it; the old card no longer names her.
    expect(times).toEqual(['2026-11-21', '2026-11-20']);
  });
});
