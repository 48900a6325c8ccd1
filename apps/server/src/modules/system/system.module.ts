import { pruneLog } from '../../core/events/log';
import type { AtriumModule, ModuleContext } from '../../core/module';
import { systemRoutes } from './system.routes';
import { type DemoLoginsCheck, SystemService } from './system.service';

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Health, app-info and the audit log; the clock follows time zone changes from any process; the
 * event log is pruned of what is older than its retention.
 */
export function createSystemModule(
  ctx: ModuleContext,
  options: {
    demo: boolean;
    demoLogins: DemoLoginsCheck | undefined;
    draining: () => boolean;
    /** How long the event log keeps events for sockets (and later readers) that were away. */
    eventLogRetentionHours: number;
    signIn?: () => Promise<{ sso: { name: string } | null; passwordLogin: boolean }>;
    /** The log position a reader (the webhooks' fan-out) still needs: pruning stops before it. */
    logHold?: () => Promise<number | undefined>;
  },
): AtriumModule {
  const system = new SystemService(
    ctx.db,
    options.demo,
    options.demoLogins,
    ctx.clock,
    options.draining,
    options.signIn,
  );
  return {
    name: 'system',
    routes: (api) => api.register(systemRoutes(system)),
    follow: () => ctx.clock.follow(ctx.bus),
    jobs() {
      const prune = async () =>
        pruneLog(
          ctx.db,
          new Date(ctx.clock.now().getTime() - options.eventLogRetentionHours * 3_600_000),
          await options.logHold?.(),
        ).catch((error) => ctx.onError('event log pruning', error));
      void prune();
      const timer = setInterval(prune, PRUNE_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
