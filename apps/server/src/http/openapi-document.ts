import { apiEndpoints, type EndpointDef } from '@atrium/contract';
import { descriptionOf, type NamedEndpoint, namedEndpoints, summaryOf, tagsOf } from './openapi-names';
import {
  ERROR_SCHEMA_REF,
  errorResponse,
  errorSchema,
  errorStatuses,
  fileContent,
  rawRequestBody,
  redirectResponse,
} from './openapi-responses';

/**
 * Completes the document @fastify/swagger generates from the routes' schemas with what only the
 * contract's registry knows: names, tags, who may call, every error answered, downloads and raw
 * bodies. Runs on the generated object (its `transformObject` hook), so the document served and
 * the one `npm run lint:api` checks are the same function of the contract.
 */

interface Response {
  description?: string;
  content?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
}
export interface OpenApiObject {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  tags?: unknown[];
  servers?: unknown[];
  [key: string]: unknown;
}

export const API_INFO = {
  title: 'Atrium API',
  version: '1.0.0',
  description:
    'Workforce and building dashboard: people, attendance, leave, access control, video, counting ' +
    'and reports. Every path is under `/api`; send the access token from `POST /api/auth/login` as ' +
    '`Authorization: Bearer <token>`. Errors always answer `{error: {code, message, details?}}`. ' +
    'Live events (the `/ws` socket) and device setup are described in docs/api.md.',
  contact: { name: 'Atrium', url: '/api/docs' },
  // Atrium is not published under an open licence; an SPDX reference names that plainly.
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
};

const SUCCESS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created' };
const FASTIFY_DEFAULT = 'Default Response';

/** Other statuses an endpoint answers with a body of its own (`otherResponses`). */
const OTHER_TEXT: Record<string, string> = {
  '503': 'Not ready to serve: the database is unreachable, or the process is stopping.',
};

function describeOperation(op: Operation, named: NamedEndpoint): void {
  const { endpoint } = named;
  op.operationId = named.operationId;
  op.summary = summaryOf(named);
  op.description = descriptionOf(named);
  op.tags = [named.tag];
  if (endpoint.audience === 'public') op.security = [];
  if (!op.requestBody) {
    const raw = rawRequestBody(named);
    if (raw) op.requestBody = raw;
  }
  const responses: Record<string, Response> = { ...op.responses };
  const success = String(endpoint.status ?? 200);
  const redirect = redirectResponse(named);
  if (redirect) {
    delete responses[success];
    responses['302'] = redirect;
  } else if (endpoint.produces === 'file') {
    responses[success] = { description: 'The file.', content: fileContent(named) };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === FASTIFY_DEFAULT || !response.description)
      response.description = SUCCESS_TEXT[status] ?? OTHER_TEXT[status] ?? 'See the description.';
  }
  for (const status of errorStatuses(named)) responses[String(status)] ??= errorResponse(status);
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

/** Fills in the generated document from the contract's registry (in place) and returns it. */
export function describeDocument<D extends OpenApiObject>(
  doc: D,
  groups: Record<string, Record<string, EndpointDef>> = apiEndpoints,
): D {
  const byRoute = new Map(namedEndpoints(groups).map((n) => [`${n.method} ${n.path}`, n]));
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const named = byRoute.get(`${method} ${path}`);
      if (named) describeOperation(op, named);
    }
  }
  doc.info = { ...doc.info, ...API_INFO };
  // Relative: the document is served by the Atrium it describes, at whatever address that has.
  doc.servers = [{ url: '/', description: 'This Atrium server' }];
  doc.tags = tagsOf(groups);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, [ERROR_SCHEMA_REF.split('/').at(-1) ?? 'Error']: errorSchema() },
  };
  return doc;
}
