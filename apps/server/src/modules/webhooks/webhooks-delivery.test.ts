import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testCredentialsKey } from '../../../test/context';
import { eventually } from '../../../test/eventually';
import { useSuite } from '../../../test/suite';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { pruneLog } from '../../core/events/log';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { fanOut } from './fan-out';
import { WebhookSender, type WebhookSenderOptions } from './webhook-sender';
import { logHold } from './webhooks.repository';

const suite = useSuite();
const credentials = new DeviceCredentials(testCredentialsKey);
const senderWith = (options: WebhookSenderOptions = {}) =>
  new WebhookSender(suite.db, suite.bus, credentials, { retryDelaysMs: [50], timeoutMs: 2_000, ...options });
let receiver: Receiver;
let serial = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  await suite.http.put('/api/webhooks/settings', suite.admin, { allowPrivateAddresses: true });
});
afterAll(async () => {
  await receiver?.close();
});
// Each test's receiver goes with it: so do its subscriptions, lest later events fail at them.
afterEach(async () => {
  await suite.db.deleteFrom('webhook_subscriptions').execute();
});

async function subscribe(url: string, eventTypes: string[] = ['person.created']) {
  const res = await suite.http.post('/api/webhooks', suite.admin, { url, eventTypes });
  expect(res.statusCode).toBe(201);
  return res.json() as { webhook: { id: number }; secret: string };
}

/** A person made through the API: a person.created event in the log. */
async function newPerson(): Promise<number> {
  serial += 1;
  const res = await suite.http.post('/api/users', suite.admin, {
    firstName: 'Hook',
    lastName: `Person${serial}`,
    email: `hook.person${serial}@example.test`,
    employeeNumber: `WH${serial}`,
    badgeNumber: `WHB${serial}`,
    departmentId: null,
    role: 'staff',
    startDate: null,
  });
  expect(res.statusCode).toBe(201);
  return res.json().person.id;
}

const deliveriesOf = (subscriptionId: number) =>
  suite.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();

const verifier = (secret: string) => new Webhook(secret);

describe('delivery', () => {
  it('signs each message so standardwebhooks verifies it, with the Standard Webhooks headers', async () => {
    const { webhook, secret } = await subscribe(`${receiver.url}/signed`);
    const personId = await newPerson();
    expect(await fanOut(suite.db)).toBeGreaterThanOrEqual(1);
    await senderWith().sendDue();
    const got = receiver.received.find(
      (r) => r.data.person && (r.data.person as { id: number }).id === personId,
    )!;
    expect(got).toBeDefined();
    expect(got.id).toMatch(/^msg_\d+_\d+$/);
    expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers['content-type']).toBe('application/json');
    const verified = verifier(secret).verify(got.body, got.headers) as { type: string; data: unknown };
    expect(verified).toMatchObject({
      type: 'person.created',
      data: {
        person: { id: personId, name: `Hook Person${serial}`, email: `hook.person${serial}@example.test` },
      },
    });
    expect(got.body).not.toMatch(/password|secret/i);
    // A wrong secret or a changed body fails verification.
    expect(() =>
      verifier(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers),
    ).toThrow();
    expect(() => verifier(secret).verify(got.body.replace('Hook', 'Hack'), got.headers)).toThrow();
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_status_code: 200,
      message_id: got.id,
    });
    expect(row!.last_response_ms).toBeGreaterThanOrEqual(0);
    const log = (await suite.http.get(`/api/webhooks/${webhook.id}/deliveries`, suite.admin)).json();
    expect(log.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    const list = (await suite.http.get('/api/webhooks', suite.admin)).json();
    expect(list.webhooks.find((w: { id: number }) => w.id === webhook.id).last_delivery).toMatchObject({
      status: 'succeeded',
      status_code: 200,
    });
  });

  it('a receiver down for a while (refusing, then answering 500) gets every event afterwards, same id on each retry', async () => {
    const down = await startReceiver();
    try {
      const { webhook, secret } = await subscribe(down.url);
      const sender = senderWith({ retryDelaysMs: [100], retryWindowMs: 60_000 });
      await down.down();
      const people = [await newPerson(), await newPerson(), await newPerson()];
      await fanOut(suite.db);
      await sender.sendDue();
      const refused = await deliveriesOf(webhook.id);
      expect(refused).toHaveLength(3);
      for (const r of refused) {
        expect(r).toMatchObject({ status: 'failed', last_status_code: null });
        expect(r.attempts).toBeGreaterThanOrEqual(1);
        expect(r.last_error).toMatch(/ECONNREFUSED/);
      }
      // Back, but failing: 500s are retried too.
      await down.up();
      down.answer(500);
      await eventually(
        async () => {
          await sender.sendDue();
          return down.attempts.length >= 3;
        },
        10_000,
        'the 500s',
      );
      for (const r of await deliveriesOf(webhook.id))
        if (r.attempts >= 2) expect(r).toMatchObject({ status: 'failed', last_status_code: 500 });
      down.answer(200);
      await eventually(
        async () => {
          await sender.sendDue();
          return down.received.length === 3;
        },
        10_000,
        'every event after the outage',
      );
      const ids = refused.map((r) => r.message_id);
      expect(down.received.map((r) => r.id).sort()).toEqual([...ids].sort());
      // Every attempt of a message carried the same webhook-id; each was signed correctly.
      for (const attempt of down.attempts) expect(ids).toContain(attempt.id);
      for (const r of down.received) verifier(secret).verify(r.body, r.headers);
      expect(down.received.map((r) => (r.data.person as { id: number }).id).sort((a, b) => a - b)).toEqual(
        people,
      );
      const rows = await deliveriesOf(webhook.id);
      expect(rows.every((r) => r.status === 'succeeded' && r.attempts >= 3)).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('two processes fanning out and sending at once queue and deliver each event once', async () => {
    const once = await startReceiver();
    try {
      const { webhook } = await subscribe(once.url);
      for (let i = 0; i < 6; i += 1) await newPerson();
      // A second pool stands for a second process.
      const other = suite.database.connect(4);
      try {
        const senders = [
          senderWith(),
          new WebhookSender(other, suite.bus, credentials, { retryDelaysMs: [50] }),
        ];
        await Promise.all([fanOut(suite.db), fanOut(other), fanOut(suite.db), fanOut(other)]);
        await Promise.all([senders[0]!.sendDue(), senders[1]!.sendDue()]);
      } finally {
        await other.destroy();
      }
      const rows = await deliveriesOf(webhook.id);
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((r) => r.message_id)).size).toBe(6);
      expect(once.attempts).toHaveLength(6);
      expect(new Set(once.attempts.map((a) => a.id)).size).toBe(6);
    } finally {
      await once.close();
    }
  });

  it('redeliver sends the same message again with the same webhook-id', async () => {
    const again = await startReceiver();
    try {
      const { webhook, secret } = await subscribe(again.url);
      await newPerson();
      await fanOut(suite.db);
      await senderWith().sendDue();
      const [first] = await deliveriesOf(webhook.id);
      const res = await suite.http.post(
        `/api/webhooks/${webhook.id}/deliveries/${first!.id}/redeliver`,
        suite.admin,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().delivery).toMatchObject({
        message_id: first!.message_id,
        status: 'pending',
        redelivery_of: Number(first!.id),
      });
      // The app's own sender is woken by the redelivery; the test's may find it taken.
      await eventually(
        async () => {
          await senderWith().sendDue();
          return again.received.length === 2;
        },
        5_000,
        'the redelivery',
      );
      expect(again.received.map((r) => r.id)).toEqual([first!.message_id, first!.message_id]);
      expect(again.received[1]!.body).toBe(again.received[0]!.body);
      verifier(secret).verify(again.received[1]!.body, again.received[1]!.headers);
      const audit = await suite.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'webhook.redelivered')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_user_id: suite.admin.user.id, target_id: String(webhook.id) });
      // A delivery of another webhook is not found under this one.
      const elsewhere = await suite.http.post(
        `/api/webhooks/999999/deliveries/${first!.id}/redeliver`,
        suite.admin,
      );
      expect(elsewhere.statusCode).toBe(404);
    } finally {
      await again.close();
    }
  });

  it('redeliver of a message still waiting for its retry attempts it now, once; one in flight answers 409', async () => {
    const flaky = await startReceiver();
    try {
      flaky.answer(500);
      const { webhook } = await subscribe(flaky.url);
      await newPerson();
      await fanOut(suite.db);
      await senderWith({ retryDelaysMs: [3_600_000] }).sendDue();
      const [waiting] = await deliveriesOf(webhook.id);
      expect(waiting).toMatchObject({ status: 'failed', attempts: 1 });
      flaky.answer(200);
      const url = `/api/webhooks/${webhook.id}/deliveries/${waiting!.id}/redeliver`;
      const res = await suite.http.post(url, suite.admin);
      expect(res.statusCode).toBe(201);
      expect(res.json().delivery.id).toBe(Number(waiting!.id));
      await eventually(
        async () => {
          await senderWith().sendDue();
          const [row] = await deliveriesOf(webhook.id);
          return row?.status === 'succeeded';
        },
        5_000,
        'the retry brought forward',
      );
      expect(flaky.received).toHaveLength(1);
      const rows = await deliveriesOf(webhook.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
      // Being delivered at this moment: not a second send beside it.
      await suite.db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivering' })
        .where('id', '=', waiting!.id)
        .execute();
      const busy = await suite.http.post(url, suite.admin);
      expect(busy.statusCode).toBe(409);
      expect(await deliveriesOf(webhook.id)).toHaveLength(1);
    } finally {
      await flaky.close();
    }
  });

  it('the test ping arrives as webhook.test', async () => {
    const ping = await startReceiver();
    try {
      const { webhook, secret } = await subscribe(ping.url);
      expect((await suite.http.post(`/api/webhooks/${webhook.id}/test`, suite.admin)).statusCode).toBe(201);
      await eventually(
        async () => {
          await senderWith().sendDue();
          return ping.received.length === 1;
        },
        5_000,
        'the ping',
      );
      expect(verifier(secret).verify(ping.received[0]!.body, ping.received[0]!.headers)).toMatchObject({
        type: 'webhook.test',
        data: { webhookId: webhook.id },
      });
    } finally {
      await ping.close();
    }
  });

  it('checks the address again at delivery: with private addresses refused, nothing is sent', async () => {
    const guarded = await startReceiver();
    try {
      const { webhook } = await subscribe(guarded.url);
      await newPerson();
      await fanOut(suite.db);
      await suite.http.put('/api/webhooks/settings', suite.admin, { allowPrivateAddresses: false });
      await senderWith().sendDue();
      expect(guarded.attempts).toHaveLength(0);
      const [row] = await deliveriesOf(webhook.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.last_error).toMatch(/loopback, private/);
    } finally {
      await suite.http.put('/api/webhooks/settings', suite.admin, { allowPrivateAddresses: true });
      await guarded.close();
    }
  });

  it('repeated failure abandons the message, disables the subscription, raises an alert and audits it; PATCH re-enables', async () => {
    const broken = await startReceiver();
    try {
      broken.answer(503);
      const { webhook } = await subscribe(broken.url);
      await newPerson();
      await fanOut(suite.db);
      const sender = senderWith({ retryDelaysMs: [50], retryWindowMs: 600, disableAfterMs: 0 });
      await eventually(
        async () => {
          await sender.sendDue();
          const [row] = await deliveriesOf(webhook.id);
          return row?.status === 'abandoned';
        },
        10_000,
        'the message to be abandoned',
      );
      expect(broken.attempts.length).toBeGreaterThanOrEqual(2);
      const sub = await suite.db
        .selectFrom('webhook_subscriptions')
        .selectAll()
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect(sub).toMatchObject({ enabled: false });
      expect(sub.disabled_reason).toMatch(/HTTP 503/);
      const alert = await suite.db
        .selectFrom('alerts')
        .selectAll()
        .where('kind', '=', 'webhook_disabled')
        .executeTakeFirstOrThrow();
      expect(alert).toMatchObject({ source: 'system', severity: 'high' });
      expect(alert.message).toContain(broken.url);
      const audit = await suite.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'webhook.disabled')
        .where('target_id', '=', String(webhook.id))
        .executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBeNull();
      // While off, new events are not queued for it, and nothing is sent.
      await newPerson();
      await fanOut(suite.db);
      expect(await deliveriesOf(webhook.id)).toHaveLength(1);
      const listed = (await suite.http.get('/api/webhooks', suite.admin)).json();
      expect(listed.webhooks.find((w: { id: number }) => w.id === webhook.id)).toMatchObject({
        enabled: false,
        disabled_reason: sub.disabled_reason,
      });
      const on = await suite.http.patch(`/api/webhooks/${webhook.id}`, suite.admin, { enabled: true });
      expect(on.json().webhook).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    } finally {
      await broken.close();
    }
  });

  it('the event log is not pruned past what the fan-out has not read, while a subscription exists', async () => {
    const kept = await startReceiver();
    try {
      const { webhook } = await subscribe(kept.url);
      const personId = await newPerson();
      // Every event is past any retention: only the hold keeps the unread one.
      const hold = await logHold(suite.db);
      expect(hold).toBeDefined();
      await pruneLog(suite.db, new Date(Date.now() + 3_600_000), hold);
      await fanOut(suite.db);
      await senderWith().sendDue();
      expect(kept.received.map((r) => (r.data.person as { id: number }).id)).toEqual([personId]);
      expect(await deliveriesOf(webhook.id)).toHaveLength(1);
      // Read: now it may go.
      await pruneLog(suite.db, new Date(Date.now() + 3_600_000), await logHold(suite.db));
      await suite.db.deleteFrom('webhook_subscriptions').execute();
      expect(await logHold(suite.db)).toBeUndefined();
    } finally {
      await kept.close();
    }
  });
});
