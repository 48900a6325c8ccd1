import { payrollApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AtriumModule, ModuleContext } from '../../core/module';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import { PayrollSettingsService } from './payroll-settings.service';

function payrollRoutes(service: PayrollSettingsService): FastifyPluginAsync {
  return async (app) => {
    route(app, payrollApi.settings, async (request) => ({
      settings: await service.settings(actorOf(request)),
    }));
    route(app, payrollApi.updateSettings, async (request) => ({
      settings: await service.update(actorOf(request), request.body),
    }));
  };
}

/** Payroll's settings (Organisation > Settings > Payroll); the report itself is one of the reports'. */
export function createPayrollModule(ctx: ModuleContext): AtriumModule {
  const service = new PayrollSettingsService(ctx.db, ctx.bus, ctx.clock);
  return { name: 'payroll', routes: (api) => api.register(payrollRoutes(service)) };
}
