import { systemApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import type { SystemService } from './system.service';

/** Public: liveness for load balancers and the facts the login page needs. */
export function systemRoutes(system: SystemService): FastifyPluginAsync {
  return async (app) => {
    route(app, systemApi.health, async (_request, reply) => {
      const health = await system.health();
      if (health.status !== 'ok') reply.status(503);
      return health;
    });

    route(app, systemApi.appInfo, async () => system.appInfo());
  };
}
