import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  badgeOf,
  cardEvent,
  push,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import { type TestDatabase, testCredentialsKey } from '../../../test/context';
import { makeUser, type TestUser } from '../../../test/factories';
import { login } from '../../../test/fixtures';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { jsonEvent } from '../../devices/hikvision/simulator/bodies';
import { fanOut } from './fan-out';
import { WebhookSender } from './webhook-sender';

/** Door events pushed by a (simulated) controller over HTTP, as webhooks. */
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;
let person: TestUser;
let receiver: Receiver;
let secret: string;

useAccessSuite('W', (s) => {
  ({ database, t } = s);
  ({ main, server } = s.doors);
});
beforeAll(async () => {
  person = await makeUser(database.db, { firstName: 'Kofi', lastName: 'Mensah' });
  const admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  receiver = await startReceiver();
  const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin.auth, payload });
  await as('PUT', '/api/webhooks/settings', { allowPrivateAddresses: true });
  const res = await as('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['access.granted', 'access.denied', 'alert.raised'],
  });
  expect(res.statusCode).toBe(201);
  secret = res.json().secret;
});
afterAll(async () => {
  await receiver?.close();
});

describe('door events', () => {
  it('a granted passage and a refused card arrive as access.granted and access.denied (with its alert)', async () => {
    const badge = await badgeOf(database.db, person.id);
    const now = Date.now();
    const granted = cardEvent(main.code, new Date(now - 2_000), { employeeNo: badge.employee_number });
    const refused = cardEvent(server.code, new Date(now - 1_000), { cardNo: '7777777777', minor: 6 });
    expect((await push(t.url, main.secret, jsonEvent(granted), 'application/json')).status).toBe(200);
    expect((await push(t.url, server.secret, jsonEvent(refused), 'application/json')).status).toBe(200);
    await fanOut(database.db);
    await new WebhookSender(database.db, t.bus, new DeviceCredentials(testCredentialsKey)).sendDue();
    const verify = new Webhook(secret);
    const got = receiver.received.map(
      (r) => verify.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
    );
    expect(got.find((m) => m.type === 'access.granted')?.data).toMatchObject({
      person: { id: person.id, name: 'Kofi Mensah' },
      deviceId: main.code,
      direction: expect.any(String),
    });
    expect(got.find((m) => m.type === 'access.denied')?.data).toMatchObject({
      person: null,
      deviceId: server.code,
      reason: expect.any(String),
    });
    expect(got.find((m) => m.type === 'alert.raised')?.data).toMatchObject({
      source: 'access',
      kind: 'access_denied',
      deviceId: server.code,
    });
  });
});
