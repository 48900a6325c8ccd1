import type { AtriumModule, ModuleContext } from '../../core/module';
import type { DevicePushService } from '../access/push.service';
import { countingRoutes } from './counting.routes';
import { CountingService } from './counting.service';

/** People counting: counters push through access's device endpoint, read here. */
export function createCountingModule(ctx: ModuleContext, push: DevicePushService): AtriumModule {
  const counting = new CountingService(ctx.db, ctx.bus, ctx.clock);
  push.handle('PeopleCounting', (device, alert) => counting.ingest(device, alert));
  return { name: 'counting', routes: (api) => api.register(countingRoutes(counting)) };
}
