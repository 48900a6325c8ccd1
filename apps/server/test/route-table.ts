import * as contract from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A JSON Schema as the OpenAPI document and zod's converter write it (only what we read). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

export type Audience = 'public' | 'user' | 'manager' | 'admin';

/** One route with the schemas of its inputs, flattened to JSON Schema. */
export interface RouteInfo {
  method: string;
  /** Full path with `:name` parameters, e.g. /api/attendance/:id */
  path: string;
  /** Known only for routes the contract declares; undefined for the route table's others. */
  audience: Audience | undefined;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  body: JsonSchema | undefined;
}

interface ContractEndpoint {
  method: string;
  path: string;
  audience: Audience;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The endpoints the contract declares (H2's `allEndpoints`). Read loosely, so this file stands
 * whether or not the list exists yet; routes it does not list come from the server's own table.
 */
export function contractEndpoints(): ContractEndpoint[] {
  const listed = (contract as unknown as { allEndpoints?: ContractEndpoint[] }).allEndpoints;
  return Array.isArray(listed) ? listed : [];
}

function toJson(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * Every route the app serves under /api, with its input schemas: the contract's endpoints
 * first (they carry the audience), then whatever else the running app registered, read from
 * its OpenAPI document (generated from the very schemas the routes validate with).
 */
export function routeTable(app: FastifyInstance): RouteInfo[] {
  const routes = new Map<string, RouteInfo>();
  for (const e of contractEndpoints()) {
    const path = `/api${e.path}`;
    const params = toJson(e.params);
    const query = toJson(e.query);
    routes.set(key(e.method, path), {
      method: e.method.toUpperCase(),
      path,
      audience: e.audience,
      params: params?.properties ?? {},
      query: query?.properties ?? {},
      requiredQuery: query?.required ?? [],
      body: toJson(e.body),
    });
  }
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(operations)) {
      if (routes.has(key(method, path))) continue;
      const params: Record<string, JsonSchema> = {};
      const query: Record<string, JsonSchema> = {};
      const requiredQuery: string[] = [];
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') params[p.name] = p.schema;
        if (p.in === 'query') {
          query[p.name] = p.schema;
          if (p.required) requiredQuery.push(p.name);
        }
      }
      routes.set(key(method, path), {
        method: method.toUpperCase(),
        path,
        audience: undefined,
        params,
        query,
        requiredQuery,
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return [...routes.values()];
}
