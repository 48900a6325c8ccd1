import type { AtriumModule, ModuleContext } from '../../core/module';
import { dashboardRoutes } from './dashboard.routes';
import { type DashboardDeps, DashboardService } from './dashboard.service';

/** The dashboard and the Monitoring tab: figures of every domain, and this process's own. */
export function createDashboardModule(ctx: ModuleContext, deps: Omit<DashboardDeps, 'changes'>) {
  const dashboard = new DashboardService(ctx.db, ctx.clock, { ...deps, changes: ctx.changes });
  const module: AtriumModule = {
    name: 'dashboard',
    routes: (api) => api.register(dashboardRoutes(dashboard)),
    follow: () => () => dashboard.metrics.stop(),
  };
  return { module, metrics: dashboard.metrics };
}
