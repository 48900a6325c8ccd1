import { allEndpoints, type EndpointDef, type ResponseOf, systemApi } from '@atrium/contract';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describeDocument, type OpenApiObject } from './openapi-document';
import { route } from './route';

/**
 * The OpenAPI document, generated from the same contract schemas the routes validate with,
 * so it cannot drift from what the server accepts. Served to signed-in users at /api/openapi.json
 * (itself a contract endpoint, like every /api route).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, where a nullable enum is `anyOf [enum, null]`
      // as zod writes it; 3.0's `nullable` beside an `enum` without null rejects real answers.
      openapi: '3.1.0',
      info: { title: 'Atrium API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      describeDocument((documentObject as { openapiObject: OpenApiObject }).openapiObject) as never,
  });
  await app.register(
    async (api) => {
      route(api, systemApi.openApi, async () => app.swagger() as ResponseOf<typeof systemApi.openApi>);
    },
    { prefix: '/api' },
  );
}

const neverCalled = async (): Promise<never> => {
  throw new Error('the document builder serves no requests');
};

/**
 * The same document without a database or any module: every contract endpoint registered with a
 * handler that never runs. `npm run lint:api` lints this; a server test holds it equal to the
 * document the running app serves.
 */
export async function buildOpenApiDocument(
  endpoints: readonly EndpointDef[] = allEndpoints,
): Promise<OpenApiObject> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      for (const endpoint of endpoints) {
        if (endpoint !== systemApi.openApi) route(api, endpoint, neverCalled as never);
      }
    },
    { prefix: '/api' },
  );
  await app.ready();
  const doc = app.swagger() as unknown as OpenApiObject;
  await app.close();
  return doc;
}
