import { ErrorBody, type ErrorStatus, FieldIssue } from '@atrium/contract';
import { z } from 'zod';
import type { NamedEndpoint } from './openapi-names';

/**
 * The answers and request bodies the schemas alone cannot tell: which errors an operation gives,
 * what a download is, what a raw body (CSV, device pushes) looks like. Derived from each
 * endpoint's shape first; the tables below only add what the shape cannot show.
 */

export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its `$schema` line. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return rest;
}

/** The envelope of every non-2xx answer (error-handler.ts), as a component schema. */
export function errorSchema(): Record<string, unknown> {
  const schema = jsonSchema(ErrorBody) as { properties: { error: { properties: Record<string, unknown> } } };
  // `details` is typed `unknown` in the contract; say what it holds on validation and conflicts.
  schema.properties.error.properties.details = {
    description:
      'On 400 and most 409 answers: the fields at fault, each with the rule it broke. Other errors may carry other details or none.',
    anyOf: [{ type: 'array', items: jsonSchema(FieldIssue) }, { type: 'object' }],
  };
  return schema;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid: `details` names each field and the rule it broke.',
  401: 'No valid bearer token (a session that has expired, or an API token unknown, expired or revoked).',
  403: 'Signed in, but not allowed to do this.',
  404: 'Nothing with that identifier, or nothing the caller may see.',
  409: 'The change conflicts with what is stored (a duplicate, or something changed meanwhile).',
  413: 'The body is larger than this endpoint accepts.',
  415: 'The body is not of a media type this endpoint reads.',
  422: 'The request is well formed but cannot be carried out (e.g. a device refused it).',
  429: 'Too many attempts, or an API token past its rate: wait for the time Retry-After gives.',
};

/**
 * Path parameters that are values checked by their schema (an unknown one is a 400), rather
 * than the identifier of a record that may not exist (a 404).
 */
const VALUE_PARAMS = new Set(['year', 'month', 'date', 'type']);

/**
 * Errors the server's code answers that no shape implies, by operation: read from the services'
 * `AppError('conflict' | 'unprocessable', ...)` and the rate limits. A new endpoint says its own
 * in its definition's `errors`.
 */
const EXTRA_ERRORS: Record<string, readonly (ErrorStatus | 401)[]> = {
  'auth.login': [429],
  // Public, but refused without a valid refresh cookie.
  'auth.refresh': [401],
  'account.changePassword': [409],
  'people.create': [409],
  'people.update': [409],
  'people.disable': [409],
  'peopleImport.importPeople': [413, 415],
  'attendance.checkIn': [409],
  'attendance.checkOut': [409],
  'attendanceRequests.create': [409],
  'attendanceRequests.cancel': [409],
  'attendanceRequests.approve': [409],
  'attendanceRequests.reject': [409],
  'leave.apply': [409],
  'leave.cancel': [409],
  'leave.decide': [409],
  'leave.batchDecision': [409],
  'leave.createPolicy': [409],
  'leave.updatePolicy': [409],
  'leave.deletePolicy': [409],
  // Public, but an unknown push token is refused.
  'access.devicePush': [401, 413],
  'access.testDeviceConnection': [422],
  'access.createDevice': [409, 422],
  'access.updateDevice': [409, 422],
  'access.patchDevice': [409, 422],
  'access.setBadge': [409],
  'video.createCamera': [409],
  'video.updateCamera': [409],
  'video.cameraPush': [401, 413],
  'organisation.createHoliday': [409],
  'organisation.updateHoliday': [409],
  'organisation.copyHolidays': [409],
  'departments.create': [409],
  'departments.rename': [409],
  'departments.setParent': [409],
  'departments.setManagers': [409],
  'departments.remove': [409],
};

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] ?? '');

/**
 * The 4xx statuses an operation answers: 400 when it reads any input, 401 and 403 unless it is
 * public (every signed-in caller may meet a 403: a disabled policy, a token without the scope)
 * and 429 (an API token past its rate),
 * 404 when its path names a record, and whatever the table or its definition add.
 */
export function errorStatuses(named: NamedEndpoint): number[] {
  const { endpoint } = named;
  const statuses = new Set<number>();
  if (endpoint.body || endpoint.query || endpoint.params || RAW_BODIES[named.operationId]) statuses.add(400);
  if (endpoint.audience !== 'public') {
    statuses.add(401);
    statuses.add(403);
    // An API token past its requests per minute (modules/api-tokens/rate-limit.ts).
    if (endpoint.authenticatedBy !== 'handler') statuses.add(429);
  }
  // A handler-authenticated medium refuses a missing or expired link with 401 whatever its audience.
  if (endpoint.authenticatedBy === 'handler') statuses.add(401);
  if (pathParams(endpoint.path).some((p) => !VALUE_PARAMS.has(p))) statuses.add(404);
  for (const status of [...(EXTRA_ERRORS[named.operationId] ?? []), ...(endpoint.errors ?? [])])
    statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** Every 429 says when to try again (the sign-in throttle, address windows, API tokens' rate). */
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** One documented error answer: its sentence, the envelope and, for a 429, Retry-After. */
export function errorResponse(status: number): Record<string, unknown> {
  return {
    description: ERROR_TEXT[status] ?? 'An error.',
    ...(status === 429 ? { headers: RETRY_AFTER } : {}),
    content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
  };
}

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HLS = 'application/vnd.apple.mpegurl';

/** What each download answers with, as the handlers set Content-Type. */
const FILE_TYPES: Record<string, readonly string[]> = {
  'peopleImport.importTemplate': [CSV],
  'peopleImport.exportPeople': [CSV],
  'attendance.exportCsv': [CSV],
  'access.eventPicture': ['image/jpeg'],
  'access.exportLogs': [CSV],
  'video.clip': ['video/mp4'],
  'video.live': [HLS, 'video/mp2t'],
  'video.snapshot': ['image/jpeg'],
  'video.playback': [HLS],
  'video.segment': ['video/mp2t'],
  'video.accessSnapshot': ['image/jpeg'],
  'video.eventSnapshot': ['image/jpeg'],
  'reports.export': ['application/pdf', XLSX],
};

/**
 * Operations that answer by sending the browser elsewhere (single sign-on), by what they say:
 * their success is a 302 with a Location, not a body.
 */
const REDIRECTS: Record<string, string> = {
  'sso.ssoStart': 'To the identity provider, to sign in there.',
  'sso.ssoCallback': 'Back into the app: signed in, or to the login page with the reason it failed.',
};

/** The success answer of a redirecting operation, or undefined for every other one. */
export function redirectResponse(named: NamedEndpoint): Record<string, unknown> | undefined {
  const where = REDIRECTS[named.operationId];
  if (!where) return undefined;
  return {
    description: where,
    headers: { Location: { description: 'Where to go next.', schema: { type: 'string' } } },
  };
}

/** The success content of a download: each media type it may answer with, as text or bytes. */
export function fileContent(named: NamedEndpoint): Record<string, { schema: Record<string, unknown> }> {
  const types = named.endpoint.mediaTypes ?? FILE_TYPES[named.operationId] ?? ['application/octet-stream'];
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        schema: type === CSV || type === HLS ? { type: 'string' } : { type: 'string', format: 'binary' },
      },
    ]),
  );
}

/** An ISAPI event push: JSON or XML `EventNotificationAlert`, or multipart with a picture. */
const PUSH_BODY = {
  description:
    'One event as the device sends it (see docs/api.md, "Devices: where controllers and cameras push"): Hikvision ISAPI JSON or XML ' +
    '(`EventNotificationAlert`), or multipart/form-data with the event as one part and an ' +
    'optional JPEG picture. At most 2 MB.',
  required: true,
  content: {
    'application/json': { schema: { type: 'object', description: 'An ISAPI event (JSON).' } },
    'application/xml': { schema: { type: 'string', description: 'An `EventNotificationAlert` (XML).' } },
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: {
          event_log: { type: 'string', description: 'The event, as JSON or XML.' },
          Picture: { type: 'string', format: 'binary', description: 'A JPEG taken at the event.' },
        },
      },
    },
  },
};

/** Request bodies the routes read raw (so the contract has no `body` schema for them). */
const RAW_BODIES: Record<string, Record<string, unknown>> = {
  'peopleImport.importPeople': {
    description:
      'The people, one per row, with the header row of the template (`GET /api/users/import/template`). ' +
      'UTF-8, at most 5 MB and 20,000 rows.',
    required: true,
    content: { [CSV]: { schema: { type: 'string' } } },
  },
  'access.devicePush': PUSH_BODY,
  'video.cameraPush': PUSH_BODY,
};

export const rawRequestBody = (named: NamedEndpoint) => RAW_BODIES[named.operationId];
