import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connection';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unreachable']) });

/** Liveness for load balancers and the operator; public, and says nothing about the data. */
export function systemRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { config: { public: true }, schema: { response: { 200: Health, 503: Health } } },
      async (_req, reply) => {
        const ok = await sql`SELECT 1`.execute(db).then(
          () => true,
          () => false,
        );
        if (!ok) return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );
  };
}
