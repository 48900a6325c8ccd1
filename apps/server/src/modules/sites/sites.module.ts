import type { AtriumModule, ModuleContext } from '../../core/module';
import { sitesRoutes } from './sites.routes';
import { SitesService } from './sites.service';

/** Sites: the organisation's buildings, each with its own zone and work week. */
export function createSitesModule(ctx: ModuleContext): AtriumModule {
  const service = new SitesService(ctx.db, ctx.bus, ctx.clock, ctx.changes);
  return { name: 'sites', routes: (api) => api.register(sitesRoutes(service)) };
}
