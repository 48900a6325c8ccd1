import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '@atrium/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (set by `route`, read by the route table). */
    endpoint?: EndpointDef;
  }
}

/** The request a handler of endpoint E sees: params, query and body already validated. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/**
 * JSON endpoints return their response body (sent with the endpoint's `status`, 200 by default;
 * a handler may set one of its `otherResponses` statuses on the reply first). File endpoints
 * send through the reply and return it.
 */
export type EndpointHandler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['produces'] extends 'file' ? FastifyReply : ResponseOf<E>>;

function schemaOf(endpoint: EndpointDef): FastifySchema {
  const schema: FastifySchema = {};
  if (endpoint.summary) schema.summary = endpoint.summary;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response || endpoint.otherResponses) {
    schema.response = {
      ...endpoint.otherResponses,
      ...(endpoint.response ? { [endpoint.status ?? 200]: endpoint.response } : {}),
    };
  }
  return schema;
}

/**
 * Registers the route of a contract endpoint: method, path, schemas, success status and whether
 * a token is needed all come from the definition, so the server cannot drift from what the web
 * client calls. Every /api route is registered this way (the route table test holds to it).
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<EndpointHandler<E>>,
): void {
  const run = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const status = endpoint.status;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint),
    ...(endpoint.responseCheck === 'types'
      ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }
      : {}),
    // `public` only skips the bearer-token hook: handler-authenticated endpoints check on their own.
    config: { public: endpoint.audience === 'public' || endpoint.authenticatedBy === 'handler', endpoint },
    handler: status
      ? (request, reply) => {
          reply.status(status);
          return run(request, reply);
        }
      : run,
  });
}

/** One route as Fastify registered it, with the contract endpoint it came from (if any). */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: EndpointDef | undefined;
}

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route registered on `app` and its plugins from now on (call it before the
 * routes). `registeredRoutes` then answers which exist and whether each came from the contract.
 */
export function trackRoutes(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    // Fastify adds a HEAD route beside every GET by itself.
    for (const method of methods.filter((m) => m !== 'HEAD')) {
      table.push({ method, url: options.url, endpoint: options.config?.endpoint });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(tables.get(app) ?? [])];
}
