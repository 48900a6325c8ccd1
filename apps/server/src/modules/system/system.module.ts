import type { AtriumModule, ModuleContext } from '../../core/module';
import { systemRoutes } from './system.routes';
import { type DemoLoginsCheck, SystemService } from './system.service';

/** Health, app-info and the audit log; the clock follows time zone changes from any process. */
export function createSystemModule(
  ctx: ModuleContext,
  options: { demo: boolean; demoLogins: DemoLoginsCheck | undefined; draining: () => boolean },
): AtriumModule {
  const system = new SystemService(ctx.db, options.demo, options.demoLogins, ctx.clock, options.draining);
  return {
    name: 'system',
    routes: (api) => api.register(systemRoutes(system)),
    follow: () => ctx.clock.follow(ctx.bus),
  };
}
