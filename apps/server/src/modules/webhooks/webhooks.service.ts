import { randomUUID } from 'node:crypto';
import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveriesQuery,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookSettings,
  WebhooksResponse,
  WebhookWithSecretResponse,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { newSecret } from './signing';
import { checkedAddresses, parseWebhookUrl, UnsafeUrl } from './url-guard';
import { toDelivery, toWebhook } from './webhooks.presenter';
import {
  deleteSubscription,
  deliveriesPage,
  findDelivery,
  findSubscription,
  insertDeliveries,
  insertSubscription,
  listSubscriptions,
  readAllowPrivate,
  retryNow,
  type SubscriptionChange,
  unfinishedDelivery,
  updateSubscription,
  writeAllowPrivate,
} from './webhooks.repository';

const encodeCursor = (id: number) => Buffer.from(`w${id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const m = /^w(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) {
    const message = 'The cursor must be one returned by the previous page';
    throw new AppError('validation_failed', message, [{ field: 'cursor', rule: 'format', message }]);
  }
  return Number(m[1]);
}

/** Webhook subscriptions, their delivery log and the private-address setting: administrators only. */
export class WebhooksService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly credentials: DeviceCredentials | undefined,
    /** Called after a change that queued deliveries, so this process sends them at once. */
    private readonly queued: () => void,
  ) {}

  async list(actor: Actor): Promise<WebhooksResponse> {
    authorize(actor, 'organisation.manage');
    return { webhooks: (await listSubscriptions(this.db)).map(toWebhook) };
  }

  async create(actor: Actor, body: CreateWebhookRequest): Promise<WebhookWithSecretResponse> {
    authorize(actor, 'organisation.manage');
    const url = await this.checkUrl(body.url);
    const secret = newSecret();
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await insertSubscription(trx, {
        url,
        description: body.description || null,
        eventTypes: body.eventTypes,
        secret: this.encrypt(secret),
        createdBy: actor.userId,
      });
      await this.audit(trx, actor, 'webhook.created', created, { url, eventTypes: body.eventTypes });
      return created;
    });
    return { webhook: toWebhook((await findSubscription(this.db, id))!), secret };
  }

  async update(actor: Actor, id: number, body: UpdateWebhookRequest): Promise<WebhookWithSecretResponse> {
    authorize(actor, 'organisation.manage');
    const url = body.url === undefined ? undefined : await this.checkUrl(body.url);
    const secret = body.rotateSecret ? newSecret() : null;
    await this.db.transaction().execute(async (trx) => {
      const before = await findSubscription(trx, id);
      if (!before) throw notFound('Webhook');
      const change: SubscriptionChange = {};
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      if (url !== undefined && url !== before.url) {
        change.url = url;
        changes.url = { old: before.url, new: url };
      }
      if (body.eventTypes && body.eventTypes.join() !== before.event_types.join()) {
        change.event_types = body.eventTypes;
        changes.eventTypes = { old: before.event_types, new: body.eventTypes };
      }
      if (body.description !== undefined && (body.description || null) !== before.description) {
        change.description = body.description || null;
        changes.description = { old: before.description, new: change.description };
      }
      if (body.enabled !== undefined && body.enabled !== before.enabled) {
        change.enabled = body.enabled;
        changes.enabled = { old: before.enabled, new: body.enabled };
      }
      if (secret) change.secret = this.encrypt(secret);
      if (Object.keys(change).length === 0) return;
      await updateSubscription(trx, id, change);
      await this.audit(trx, actor, 'webhook.updated', id, { changes, secretRotated: secret !== null });
    });
    // Deliveries that waited while it was off are due at once.
    if (body.enabled) this.queued();
    return { webhook: toWebhook((await findSubscription(this.db, id))!), secret };
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    authorize(actor, 'organisation.manage');
    await this.db.transaction().execute(async (trx) => {
      const before = await findSubscription(trx, id);
      if (!before || !(await deleteSubscription(trx, id))) throw notFound('Webhook');
      await this.audit(trx, actor, 'webhook.deleted', id, { url: before.url });
    });
    return { ok: true };
  }

  async deliveries(
    actor: Actor,
    id: number,
    query: WebhookDeliveriesQuery,
  ): Promise<WebhookDeliveriesResponse> {
    authorize(actor, 'organisation.manage');
    if (!(await findSubscription(this.db, id))) throw notFound('Webhook');
    const limit = query.limit ?? 50;
    const rows = await deliveriesPage(this.db, id, decodeCursor(query.cursor), limit);
    const more = rows.length > limit;
    const items = more ? rows.slice(0, limit) : rows;
    const last = items.at(-1);
    return {
      deliveries: items.map(toDelivery),
      next_cursor: more && last ? encodeCursor(Number(last.id)) : null,
    };
  }

  /** Queues the same message (same webhook-id, same body) again, as a delivery of its own. */
  async redeliver(actor: Actor, id: number, deliveryId: number): Promise<WebhookDeliveryResponse> {
    authorize(actor, 'organisation.manage');
    const queued = await this.db.transaction().execute(async (trx) => {
      const original = await findDelivery(trx, deliveryId);
      if (!original || original.subscription_id !== id) throw notFound('Delivery');
      // A message still waiting for its next retry is sent now rather than twice: a second chain
      // beside the first would hand the receiver the same webhook-id twice for one click.
      const waiting = await unfinishedDelivery(trx, id, original.message_id);
      if (waiting?.status === 'delivering')
        throw new AppError(
          'conflict',
          'This message is being delivered right now; see its result in a moment',
        );
      if (waiting) {
        await retryNow(trx, waiting.id);
        await this.audit(trx, actor, 'webhook.redelivered', id, {
          deliveryId,
          messageId: original.message_id,
          retriedNow: waiting.id,
        });
        return waiting.id;
      }
      const [newId] = await insertDeliveries(trx, [
        {
          subscription_id: id,
          message_id: original.message_id,
          event_type: original.event_type,
          payload: JSON.stringify(original.payload),
          redelivery_of: original.redelivery_of ?? original.id,
        },
      ]);
      await this.audit(trx, actor, 'webhook.redelivered', id, {
        deliveryId,
        messageId: original.message_id,
      });
      return newId!;
    });
    this.queued();
    return { delivery: toDelivery((await findDelivery(this.db, queued))!) };
  }

  /** A `webhook.test` ping, to see the receiver answer and check its signature handling. */
  async test(actor: Actor, id: number): Promise<WebhookDeliveryResponse> {
    authorize(actor, 'organisation.manage');
    const queued = await this.db.transaction().execute(async (trx) => {
      if (!(await findSubscription(trx, id))) throw notFound('Webhook');
      const payload = { type: 'webhook.test', timestamp: new Date().toISOString(), data: { webhookId: id } };
      const [newId] = await insertDeliveries(trx, [
        {
          subscription_id: id,
          message_id: `msg_test_${randomUUID()}`,
          event_type: 'webhook.test',
          payload: JSON.stringify(payload),
        },
      ]);
      await this.audit(trx, actor, 'webhook.tested', id, {});
      return newId!;
    });
    this.queued();
    return { delivery: toDelivery((await findDelivery(this.db, queued))!) };
  }

  async settings(actor: Actor): Promise<WebhookSettings> {
    authorize(actor, 'organisation.manage');
    return { allowPrivateAddresses: await readAllowPrivate(this.db) };
  }

  async updateSettings(actor: Actor, body: WebhookSettings): Promise<WebhookSettings> {
    authorize(actor, 'organisation.manage');
    await this.db.transaction().execute(async (trx) => {
      const before = await writeAllowPrivate(trx, body.allowPrivateAddresses);
      if (before !== body.allowPrivateAddresses)
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'webhook.settings_changed',
          targetType: 'setting',
          targetId: 'webhooks_allow_private_addresses',
          ip: actor.ip,
          details: { allowPrivateAddresses: { old: before, new: body.allowPrivateAddresses } },
        });
    });
    return body;
  }

  /** The URL as stored, or a 400 naming `url` and the rule it breaks. */
  private async checkUrl(text: string): Promise<string> {
    try {
      const url = parseWebhookUrl(text);
      await checkedAddresses(url, await readAllowPrivate(this.db));
      return url.href;
    } catch (error) {
      if (!(error instanceof UnsafeUrl)) throw error;
      throw new AppError('validation_failed', `URL ${error.message}`, [
        { field: 'url', rule: error.rule, message: error.message },
      ]);
    }
  }

  private encrypt(secret: string): string {
    if (!this.credentials)
      throw new AppError('unavailable', 'This server has no key to keep webhook secrets with');
    return this.credentials.encrypt(secret);
  }

  private audit(
    trx: Kysely<Database>,
    actor: Actor,
    action: string,
    id: number,
    details: Record<string, unknown>,
  ): Promise<void> {
    return recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'webhook',
      targetId: id,
      ip: actor.ip,
      details,
    });
  }
}
