import { DashboardStatsResponse, QuickStatsResponse, SystemHealthResponse } from '@atrium/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/quick-stats',
      { schema: { response: { 200: QuickStatsResponse } } },
      async (request) => ({
        quickStats: await dashboard.quickStats(actorOf(request)),
      }),
    );

    app.get(
      '/dashboard/stats',
      { schema: { response: { 200: DashboardStatsResponse } } },
      async (request) => ({
        stats: await dashboard.stats(actorOf(request)),
      }),
    );

    app.get(
      '/dashboard/system-health',
      { schema: { response: { 200: SystemHealthResponse } } },
      async (request) => ({ health: await dashboard.systemHealth(actorOf(request)) }),
    );
  };
}
