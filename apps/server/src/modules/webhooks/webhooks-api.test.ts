import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Session, useSuite } from '../../../test/suite';
import { pruneDeliveries } from './delivery-queue.repository';
import { isPrivateAddress } from './url-guard';

const suite = useSuite();
let staff: Session;

beforeAll(async () => {
  staff = await suite.signedIn();
});

const allowPrivate = (allow: boolean) =>
  suite.http.put('/api/webhooks/settings', suite.admin, { allowPrivateAddresses: allow });
const create = (body: object) => suite.http.post('/api/webhooks', suite.admin, body);
const auditsOf = (action: string) =>
  suite.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the private-address guard', () => {
  it('refuses loopback, private, link-local and unspecified addresses, and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a URL pointing at private addresses with the setting off, naming url', async () => {
    expect((await allowPrivate(false)).statusCode).toBe(200);
    for (const url of [
      'http://127.0.0.1:3000/api/auth/me',
      'http://localhost/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/hook',
      'http://[::1]:8080/hook',
      'http://0.0.0.0/',
    ]) {
      const res = await create({ url, eventTypes: ['person.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ field: 'url', rule: 'private_address' }),
      ]);
      // Worded as the schema's own refusals are ("URL must not be empty").
      expect(res.json().error.message, url).toMatch(/^URL must not point at /);
    }
    expect((await suite.http.get('/api/webhooks', suite.admin)).json().webhooks).toEqual([]);
  });

  it('refuses anything but http(s), and bad event types, naming the field', async () => {
    for (const [url, rule] of [
      ['ftp://example.com/hook', 'scheme'],
      ['file:///etc/passwd', 'scheme'],
      ['gopher://127.0.0.1:6379/', 'scheme'],
      ['not a url', 'format'],
      ['https://user:pw@example.com/', 'format'],
    ]) {
      const res = await create({ url, eventTypes: ['person.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'url', rule })]);
    }
    const bad = await create({ url: 'http://127.0.0.1/hook', eventTypes: ['person.eaten'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toMatch(/^eventTypes/);
    const none = await create({ url: 'http://127.0.0.1/hook', eventTypes: [] });
    expect(none.statusCode).toBe(400);
  });

  it('the setting is audited and lets an admin point webhooks at private addresses', async () => {
    expect((await allowPrivate(true)).json()).toEqual({ allowPrivateAddresses: true });
    expect((await suite.http.get('/api/webhooks/settings', suite.admin)).json()).toEqual({
      allowPrivateAddresses: true,
    });
    const audits = await auditsOf('webhook.settings_changed');
    expect(audits.at(-1)).toMatchObject({
      actor_user_id: suite.admin.user.id,
      details: { allowPrivateAddresses: { old: false, new: true } },
    });
    const res = await create({ url: 'http://127.0.0.1:9/hook', eventTypes: ['person.created'] });
    expect(res.statusCode).toBe(201);
    // Off again: a URL already saved is refused at change time too.
    await allowPrivate(false);
    const patch = await suite.http.patch(`/api/webhooks/${res.json().webhook.id}`, suite.admin, {
      url: 'http://127.0.0.2/hook',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.details[0]).toMatchObject({ field: 'url', rule: 'private_address' });
    await allowPrivate(true);
  });
});

describe('subscriptions', () => {
  it('creates one with its secret shown once, stored encrypted, audited without it', async () => {
    const res = await create({
      url: 'http://127.0.0.1:9/created',
      eventTypes: ['person.created', 'leave.decided'],
      description: 'Payroll system',
    });
    expect(res.statusCode).toBe(201);
    const { webhook, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({
      url: 'http://127.0.0.1:9/created',
      description: 'Payroll system',
      event_types: ['person.created', 'leave.decided'],
      enabled: true,
      disabled_reason: null,
      last_delivery: null,
    });
    const stored = await suite.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(secret.slice(6, 20));
    const list = (await suite.http.get('/api/webhooks', suite.admin)).body;
    expect(list).toContain('http://127.0.0.1:9/created');
    expect(list).not.toContain(secret);
    const audit = (await auditsOf('webhook.created')).at(-1)!;
    expect(audit).toMatchObject({ actor_user_id: suite.admin.user.id, target_id: String(webhook.id) });
    expect(JSON.stringify(audit.details)).not.toContain(secret.slice(6));
  });

  it('changes, disables, rotates the secret, re-enables and deletes; each audited', async () => {
    const { webhook, secret } = (
      await create({ url: 'http://127.0.0.1:9/a', eventTypes: ['person.created'] })
    ).json();
    const patch = (body: object) => suite.http.patch(`/api/webhooks/${webhook.id}`, suite.admin, body);
    const changed = await patch({
      url: 'http://127.0.0.1:9/b',
      eventTypes: ['alert.raised'],
      enabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      webhook: { url: 'http://127.0.0.1:9/b', event_types: ['alert.raised'], enabled: false },
      secret: null,
    });
    const rotated = (await patch({ rotateSecret: true, enabled: true })).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.webhook.enabled).toBe(true);
    const updates = (await auditsOf('webhook.updated')).filter((a) => a.target_id === String(webhook.id));
    expect(updates.map((a) => a.details)).toEqual([
      {
        changes: {
          url: { old: 'http://127.0.0.1:9/a', new: 'http://127.0.0.1:9/b' },
          eventTypes: { old: ['person.created'], new: ['alert.raised'] },
          enabled: { old: true, new: false },
        },
        secretRotated: false,
      },
      { changes: { enabled: { old: false, new: true } }, secretRotated: true },
    ]);
    expect((await suite.http.del(`/api/webhooks/${webhook.id}`, suite.admin)).json()).toEqual({ ok: true });
    expect((await suite.http.del(`/api/webhooks/${webhook.id}`, suite.admin)).statusCode).toBe(404);
    expect((await patch({ enabled: true })).statusCode).toBe(404);
    expect((await auditsOf('webhook.deleted')).at(-1)).toMatchObject({ target_id: String(webhook.id) });
  });

  it('pages the delivery log newest first and refuses a forged cursor', async () => {
    const { webhook } = (
      await create({ url: 'http://127.0.0.1:9/log', eventTypes: ['person.created'] })
    ).json();
    for (let i = 0; i < 5; i += 1) await suite.http.post(`/api/webhooks/${webhook.id}/test`, suite.admin);
    const first = (
      await suite.http.get(`/api/webhooks/${webhook.id}/deliveries?limit=3`, suite.admin)
    ).json();
    expect(first.deliveries).toHaveLength(3);
    expect(first.deliveries[0].event_type).toBe('webhook.test');
    // Not delivered (nothing listens at port 9), though the app's sender may be trying it now.
    expect(['pending', 'delivering', 'failed']).toContain(first.deliveries[0].status);
    const second = (
      await suite.http.get(
        `/api/webhooks/${webhook.id}/deliveries?limit=3&cursor=${first.next_cursor}`,
        suite.admin,
      )
    ).json();
    expect(second.deliveries).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.deliveries, ...second.deliveries].map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const forged = await suite.http.get(`/api/webhooks/${webhook.id}/deliveries?cursor=abc`, suite.admin);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details[0]).toMatchObject({ field: 'cursor' });
    expect((await suite.http.get('/api/webhooks/999999/deliveries', suite.admin)).statusCode).toBe(404);
  });

  it('staff get 403 from every webhook endpoint', async () => {
    const { webhook } = (
      await create({ url: 'http://127.0.0.1:9/s', eventTypes: ['person.created'] })
    ).json();
    const calls: [string, string, object?][] = [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', eventTypes: ['person.created'] }],
      ['PATCH', `/api/webhooks/${webhook.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${webhook.id}`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries`],
      ['POST', `/api/webhooks/${webhook.id}/deliveries/1/redeliver`],
      ['POST', `/api/webhooks/${webhook.id}/test`],
      ['GET', '/api/webhooks/settings'],
      ['PUT', '/api/webhooks/settings', { allowPrivateAddresses: true }],
    ];
    for (const [method, url, body] of calls)
      expect(
        (await suite.http.request(method as 'GET', url, staff, body)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
  });

  it('the delivery log keeps finished deliveries for 30 days, and waiting ones for good', async () => {
    const { webhook } = (
      await create({ url: 'http://127.0.0.1:9/old', eventTypes: ['person.created'] })
    ).json();
    for (let i = 0; i < 3; i += 1) await suite.http.post(`/api/webhooks/${webhook.id}/test`, suite.admin);
    // The worker makes each first attempt (refused at port 9) in the background: let it finish
    // before the rows are aged, or its update lands after and a failed row 31 days old is
    // abandoned (and pruned) rather than left waiting.
    await vi.waitFor(
      async () => {
        const busy = await suite.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('subscription_id', '=', webhook.id)
          .where((eb) => eb.or([eb('status', 'in', ['pending', 'delivering']), eb('attempts', '=', 0)]))
          .execute();
        expect(busy).toEqual([]);
      },
      { timeout: 5000 },
    );
    const rows = await suite.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', webhook.id)
      .orderBy('id')
      .execute();
    const [oldDone, oldWaiting, recentDone] = rows.map((r) => Number(r.id));
    const set = (id: number, status: 'succeeded' | 'failed', daysAgo: number) =>
      suite.db
        .updateTable('webhook_deliveries')
        // Not due again while the test runs: no retry touches the row before the prune.
        .set({
          status,
          created_at: sql`now() - make_interval(days => ${daysAgo})`,
          next_attempt_at: sql`now() + interval '1 hour'`,
        })
        .where('id', '=', id)
        .execute();
    await set(oldDone!, 'succeeded', 31);
    await set(oldWaiting!, 'failed', 31);
    await set(recentDone!, 'succeeded', 29);
    expect(await pruneDeliveries(suite.db, 30)).toBe(1);
    const left = await suite.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', webhook.id)
      .execute();
    expect(left.map((r) => Number(r.id)).sort()).toEqual([oldWaiting, recentDone].sort());
  });
});
