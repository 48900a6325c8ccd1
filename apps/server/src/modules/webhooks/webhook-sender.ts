import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { EventBus } from '../../core/events/bus';
import { pollEvery } from '../../core/poll';
import type { Database } from '../../db/schema';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { alertLiveEvent } from '../access/access.presenter';
import { raiseAlert } from '../access/alerts.repository';
import {
  type Attempt,
  type ClaimedDelivery,
  claimDue,
  disableFailing,
  markFailed,
  markSucceeded,
} from './delivery-queue.repository';
import { postJson } from './http-post';
import { signature } from './signing';
import { checkedAddresses, parseWebhookUrl } from './url-guard';
import { readAllowPrivate } from './webhooks.repository';

export interface WebhookSenderOptions {
  /**
   * The waits after the 1st, 2nd, ... failed attempt; the last repeats. Unless given: 5 s, 5 min,
   * 30 min, 2 h, 5 h, 10 h (the Standard Webhooks schedule).
   */
  retryDelaysMs?: number[];
  /** How long a message is retried before it is abandoned (24 hours unless given). */
  retryWindowMs?: number;
  /**
   * A subscription whose attempts have all failed for this long is turned off when one of its
   * messages is abandoned (24 hours unless given): a receiver gone for a day, not a bad minute.
   */
  disableAfterMs?: number;
  /** How long a receiver may take to answer (10 s unless given). */
  timeoutMs?: number;
  /** Deliveries claimed at once, sent side by side (10 unless given). */
  batch?: number;
}

const HOUR = 3_600_000;
const DEFAULT_DELAYS = [5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR];

/**
 * Sends due webhook deliveries as Standard Webhooks: `webhook-id` (the same on every attempt),
 * `webhook-timestamp` (this attempt's, in seconds) and `webhook-signature`. A 2xx answer is
 * success; anything else, or none within the timeout, is retried on the schedule for 24 hours.
 * A receiver that took a message but whose answer was lost gets it again with the same id, which
 * is what the id is for.
 */
export class WebhookSender {
  private readonly delays: number[];
  private readonly windowMs: number;
  private readonly disableAfterMs: number;
  private readonly timeoutMs: number;
  private readonly batch: number;
  private running: Promise<number> | undefined;
  private again = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly credentials: DeviceCredentials,
    options: WebhookSenderOptions = {},
  ) {
    this.delays = options.retryDelaysMs?.length ? options.retryDelaysMs : DEFAULT_DELAYS;
    this.windowMs = options.retryWindowMs ?? 24 * HOUR;
    this.disableAfterMs = options.disableAfterMs ?? 24 * HOUR;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batch = options.batch ?? 10;
  }

  /** Sends what is due, batch after batch; calls meanwhile make it look once more. Returns how many were attempted. */
  sendDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.sendDue().catch(() => {});
      }
    });
    return this.running;
  }

  /** Resolves once no sending runs in this process (before its pool closes). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => {});
  }

  /** Polls every `everyMs` until the returned stop is called. */
  start(everyMs: number, onError: (error: unknown) => void): () => void {
    return pollEvery(everyMs, () => this.sendDue(), onError);
  }

  private async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      // The lease outlives the longest attempt, so a live process never loses its row.
      const claimed = await claimDue(this.db, this.batch, this.timeoutMs + 30_000);
      if (claimed.length === 0) return attempted;
      const allowPrivate = await readAllowPrivate(this.db);
      await Promise.all(claimed.map((delivery) => this.attempt(delivery, allowPrivate)));
      attempted += claimed.length;
    }
  }

  private async attempt(delivery: ClaimedDelivery, allowPrivate: boolean): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let outcome: Attempt;
    try {
      const url = parseWebhookUrl(delivery.url);
      // Checked again now: the name may resolve to another address than when it was saved.
      const addresses = await checkedAddresses(url, allowPrivate);
      const secret = this.credentials.decrypt(delivery.secret);
      const answer = await postJson(
        url,
        addresses,
        {
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature(secret, delivery.message_id, timestamp, body),
        },
        body,
        this.timeoutMs,
      );
      outcome = {
        statusCode: answer.statusCode,
        responseMs: answer.responseMs,
        error: answer.statusCode >= 200 && answer.statusCode < 300 ? null : `HTTP ${answer.statusCode}`,
      };
    } catch (error) {
      outcome = { statusCode: null, responseMs: null, error: describe(error) };
    }
    if (outcome.error === null) await markSucceeded(this.db, delivery, outcome);
    else await this.failed(delivery, outcome);
  }

  private async failed(delivery: ClaimedDelivery, outcome: Attempt): Promise<void> {
    const retryInMs = this.delays[Math.min(delivery.attempts - 1, this.delays.length - 1)]!;
    await this.db.transaction().execute(async (trx) => {
      const result = await markFailed(trx, delivery, outcome, { retryInMs, windowMs: this.windowMs });
      if (!result.abandoned || !result.enabled || result.failingForMs < this.disableAfterMs) return;
      const hours = Math.round(result.failingForMs / HOUR);
      const reason = `Every delivery failed for ${hours} hours; the last was abandoned (${outcome.error})`;
      const disabled = await disableFailing(trx, delivery.subscription_id, reason);
      if (!disabled) return;
      const alert = await raiseAlert(trx, {
        source: 'system',
        kind: 'webhook_disabled',
        severity: 'high',
        message: `Webhook ${disabled.url} was turned off: ${reason}`,
        occurred_at: new Date(),
      });
      if (alert) await this.bus.publish(alertLiveEvent(alert, 'Webhook disabled'), trx);
      await recordAudit(trx, {
        actorUserId: null,
        action: 'webhook.disabled',
        targetType: 'webhook',
        targetId: delivery.subscription_id,
        details: { reason, url: disabled.url },
      });
    });
  }
}

/** A failure in a few words for the delivery log (never the request's secret or headers). */
function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const text = e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? error);
  return text.slice(0, 500);
}
