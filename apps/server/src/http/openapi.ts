import { type ResponseOf, systemApi } from '@atrium/contract';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { route } from './route';

/**
 * The OpenAPI document, generated from the same contract schemas the routes validate with,
 * so it cannot drift from what the server accepts. Served to signed-in users at /api/openapi.json
 * (itself a contract endpoint, like every /api route).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Atrium API', description: 'Workforce and building dashboard', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (api) => {
      route(api, systemApi.openApi, async () => app.swagger() as ResponseOf<typeof systemApi.openApi>);
    },
    { prefix: '/api' },
  );
}
