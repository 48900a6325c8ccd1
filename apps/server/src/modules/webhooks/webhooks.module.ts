import type { AtriumModule, ModuleContext } from '../../core/module';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { pruneDeliveries } from './delivery-queue.repository';
import { fanOut } from './fan-out';
import { WebhookSender, type WebhookSenderOptions } from './webhook-sender';
import { logHold } from './webhooks.repository';
import { webhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

/** How often a serving process looks for events and due deliveries with no wake-up. */
const POLL_MS = 1_000;
/** The delivery log keeps finished deliveries this long; it is swept hourly. */
const KEEP_DELIVERIES_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhooksOptions extends WebhookSenderOptions {
  /** The key secrets are kept with (the device credentials key). */
  credentialsKey?: Buffer;
}

/**
 * Webhooks: the admins' subscriptions and delivery log; in every serving process, the fan-out
 * from the event log (one process at a time does it) and the sender (the rows' locks share the
 * work). An event in the log wakes the fan-out at once; the poll is a safety net.
 */
export function createWebhooksModule(
  ctx: ModuleContext,
  options: WebhooksOptions,
): AtriumModule & {
  sender?: WebhookSender;
  fanOut: () => Promise<number>;
  logHold: () => Promise<number | undefined>;
} {
  const credentials = options.credentialsKey ? new DeviceCredentials(options.credentialsKey) : undefined;
  const sender = credentials ? new WebhookSender(ctx.db, ctx.bus, credentials, options) : undefined;
  const kick = () => void sender?.sendDue().catch((error) => ctx.onError('webhook delivery', error));
  const service = new WebhooksService(ctx.db, credentials, kick);
  let fanning: Promise<number> | undefined;
  let again = false;
  // One fan-out at a time in this process; an event meanwhile makes it read once more.
  const runFanOut = (): Promise<number> => {
    if (fanning) {
      again = true;
      return fanning;
    }
    fanning = fanOut(ctx.db).finally(() => {
      fanning = undefined;
      if (again) {
        again = false;
        void runFanOut().then(kickIfQueued, (error) => ctx.onError('webhook fan-out', error));
      }
    });
    return fanning;
  };
  const kickIfQueued = (queued: number) => {
    if (queued > 0) kick();
  };
  return {
    name: 'webhooks',
    sender,
    fanOut: runFanOut,
    logHold: () => logHold(ctx.db),
    routes: (api) => api.register(webhooksRoutes(service)),
    jobs() {
      const tick = () =>
        void runFanOut().then(kickIfQueued, (error) => ctx.onError('webhook fan-out', error));
      const unsubscribe = ctx.bus.subscribe((event) => {
        if (event.kind === 'live' || event.kind === 'integration') tick();
      });
      const timer = setInterval(tick, POLL_MS);
      timer.unref();
      const stopSender = sender?.start(POLL_MS, (error) => ctx.onError('webhook delivery', error));
      const prune = () =>
        void pruneDeliveries(ctx.db, KEEP_DELIVERIES_DAYS).catch((error) =>
          ctx.onError('webhook delivery log pruning', error),
        );
      const pruning = setInterval(prune, PRUNE_EVERY_MS);
      pruning.unref();
      return async () => {
        unsubscribe();
        clearInterval(timer);
        clearInterval(pruning);
        stopSender?.();
        await fanning?.catch(() => {});
        await sender?.idle();
      };
    },
  };
}
