import type { AtriumModule, ModuleContext } from '../../core/module';
import { reportsRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

/** Reports over every domain, on screen and as files. */
export function createReportsModule(ctx: ModuleContext): AtriumModule {
  const reports = new ReportsService(ctx.db, ctx.reports, ctx.clock);
  return { name: 'reports', routes: (api) => api.register(reportsRoutes(reports)) };
}
