import { AppInfo } from '@atrium/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SystemService } from './system.service';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unreachable']) });

/** Public: liveness for load balancers and the facts the login page needs. */
export function systemRoutes(system: SystemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { config: { public: true }, schema: { response: { 200: Health, 503: Health } } },
      async (_req, reply) => {
        if (!(await system.databaseReachable())) {
          return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );

    app.get('/app-info', { config: { public: true }, schema: { response: { 200: AppInfo } } }, async () =>
      system.appInfo(),
    );
  };
}
