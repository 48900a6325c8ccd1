import { dashboardApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsync {
  return async (app) => {
    route(app, dashboardApi.quickStats, async (request) => ({
      quickStats: await dashboard.quickStats(actorOf(request), request.query.siteId),
    }));

    route(app, dashboardApi.stats, async (request) => ({
      stats: await dashboard.stats(actorOf(request), request.query.siteId),
    }));

    route(app, dashboardApi.systemHealth, async (request) => ({
      health: await dashboard.systemHealth(actorOf(request)),
    }));

    route(app, dashboardApi.performanceMetrics, async (request) => ({
      metrics: dashboard.performanceMetrics(actorOf(request)),
    }));

    route(app, dashboardApi.analytics, async (request) => ({
      analytics: await dashboard.analytics(actorOf(request), request.query.siteId),
    }));
  };
}
