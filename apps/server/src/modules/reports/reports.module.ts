import type { AtriumModule, ModuleContext } from '../../core/module';
import { ReportRunner } from './report-runner';
import { reportsRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

/** Reports over every domain, on screen and as files, drawn in a worker thread of their own. */
export function createReportsModule(ctx: ModuleContext): AtriumModule {
  const runner = new ReportRunner(ctx.reports.settings);
  const reports = new ReportsService(runner, ctx.clock, ctx.db);
  return {
    name: 'reports',
    routes: (api) => api.register(reportsRoutes(reports)),
    follow: () => () => runner.close(),
  };
}
