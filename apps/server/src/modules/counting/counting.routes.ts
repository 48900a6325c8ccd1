import { countingApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { CountingService } from './counting.service';

export function countingRoutes(counting: CountingService): FastifyPluginAsync {
  return async (app) => {
    route(app, countingApi.peopleAnalyticsReport, async (request) => ({
      data: { reportData: await counting.report(actorOf(request), request.query) },
    }));
    route(app, countingApi.hourly, async (request) => counting.hourly(actorOf(request), request.query));
    route(app, countingApi.counters, async (request) => ({
      counters: await counting.counters(actorOf(request)),
    }));
  };
}
