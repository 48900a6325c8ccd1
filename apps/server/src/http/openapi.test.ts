import { allEndpoints } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../test/suite';
import { buildOpenApiDocument } from './openapi';
import type { OpenApiObject } from './openapi-document';

const suite = useSuite();

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown> }
  >;
}

let served: OpenApiObject;
let operations: [string, Operation][];

beforeAll(async () => {
  served = (await suite.http.get('/api/openapi.json', suite.admin)).json();
  operations = Object.entries(served.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, Operation>).map(
      ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
    ),
  );
});

const op = (label: string) => operations.find(([l]) => l === label)?.[1];

describe('OpenAPI document', () => {
  it('describes the routes from the contract schemas, for signed-in users only', async () => {
    expect((await suite.http.get('/api/openapi.json')).statusCode).toBe(401);
    expect(served.openapi).toBe('3.1.0');
    const login = op('POST /api/auth/login')?.requestBody?.content['application/json'];
    const loginBody = (login as { schema: { required: string[] } } | undefined)?.schema;
    expect(loginBody?.required).toEqual(['email', 'password']);
    expect(Object.keys(served.paths ?? {})).toEqual(
      expect.arrayContaining(['/api/attendance/check-in', '/api/leave/apply']),
    );
    expect(operations.length).toBe(allEndpoints.length);
  });

  it('is the document `npm run lint:api` lints: built from the contract alone, without a database', async () => {
    expect(await buildOpenApiDocument()).toEqual(served);
  });

  it('gives every operation a unique operationId, a summary, a description, its domain tag and a 4xx', () => {
    const tags = new Set((served.tags as { name: string }[]).map((t) => t.name));
    const missing = operations.flatMap(([label, o]) => [
      ...(o.operationId ? [] : [`${label}: operationId`]),
      ...(o.summary ? [] : [`${label}: summary`]),
      ...(o.description ? [] : [`${label}: description`]),
      ...(o.tags?.length === 1 && tags.has(o.tags[0] ?? '') ? [] : [`${label}: tag`]),
    ]);
    expect(missing).toEqual([]);
    const ids = operations.map(([, o]) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('POST /api/access/devices')).toMatchObject({
      operationId: 'access.createDevice',
      summary: 'Create device',
      tags: ['Access'],
    });
    // Only the two operations that cannot fail for the caller (liveness, the login page's facts)
    // and the single sign-on redirects document no 4xx.
    const without4xx = operations
      .filter(([, o]) => !Object.keys(o.responses).some((s) => s.startsWith('4')))
      .map(([label]) => label);
    expect(without4xx).toEqual(['GET /api/health', 'GET /api/app-info']);
  });

  it('names tags and summaries with their acronyms, and describes every tag in its own words', () => {
    const tags = served.tags as { name: string; description: string }[];
    expect(tags.map((t) => t.name)).toEqual(expect.arrayContaining(['API tokens', 'SSO', 'Payroll']));
    expect(tags.filter((t) => / endpoints\.$/.test(t.description)).map((t) => t.name)).toEqual([]);
    expect(op('GET /api/tokens')?.tags).toEqual(['API tokens']);
    expect(op('POST /api/attendance/export')?.summary).toBe('Export CSV');
  });

  it('documents each error with the envelope, as the operation can answer it', () => {
    const errors = (label: string) => Object.keys(op(label)?.responses ?? {}).filter((s) => Number(s) >= 400);
    // 429: an API token past its rate, on every operation a token authenticates.
    expect(errors('POST /api/access/devices')).toEqual(['400', '401', '403', '409', '422', '429']);
    expect(errors('GET /api/users/{id}')).toEqual(['400', '401', '403', '404', '429']);
    expect(errors('GET /api/attendance/my-status')).toEqual(['401', '403', '429']);
    expect(errors('POST /api/auth/login')).toEqual(['400', '429']);
    const envelope = op('GET /api/users/{id}')?.responses['404']?.content?.['application/json']?.schema;
    expect(envelope).toEqual({ $ref: '#/components/schemas/Error' });
    expect(served.components?.schemas?.Error).toMatchObject({ required: ['error'] });
    // A client is told where the wait is: the Retry-After header every 429 carries.
    expect(op('GET /api/attendance')?.responses['429']?.headers).toEqual({
      'Retry-After': expect.objectContaining({ schema: { type: 'integer', minimum: 0 } }),
    });
  });

  it('lets the public operations through without a token (security: []) and no others', () => {
    const open = operations.filter(([, o]) => Array.isArray(o.security) && o.security.length === 0);
    const publicCount = allEndpoints.filter((e) => e.audience === 'public').length;
    expect(open.length).toBe(publicCount);
    expect(open.map(([label]) => label)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/refresh',
        'GET /api/health',
        'GET /api/app-info',
        'GET /api/auth/invite/{token}',
        'POST /api/auth/accept-invite',
        'POST /api/devices/isapi/{pushToken}',
        'POST /api/video/isapi/{pushToken}',
      ]),
    );
    expect(served.security).toEqual([{ bearer: [] }]);
  });

  it('types downloads by media type, and documents the raw request bodies', () => {
    const types = (label: string, status = '200') => Object.keys(op(label)?.responses[status]?.content ?? {});
    expect(types('GET /api/users/export')).toEqual(['text/csv']);
    expect(types('GET /api/reports/{type}/export')).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      // The payroll export's CSV.
      'text/csv',
    ]);
    expect(types('POST /api/video/cameras/{id}/clips')).toEqual(['video/mp4']);
    expect(types('GET /api/video/media/{id}/snapshot.jpg')).toEqual(['image/jpeg']);
    expect(types('GET /api/video/cameras/{id}/playback')).toEqual(['application/vnd.apple.mpegurl']);
    expect(Object.keys(op('POST /api/users/import')?.requestBody?.content ?? {})).toEqual(['text/csv']);
    for (const push of ['POST /api/devices/isapi/{pushToken}', 'POST /api/video/isapi/{pushToken}'])
      expect(Object.keys(op(push)?.requestBody?.content ?? {})).toEqual([
        'application/json',
        'application/xml',
        'multipart/form-data',
      ]);
  });

  it('lists null among a nullable enum’s values, and names servers, licence and contact', () => {
    const text = JSON.stringify(served);
    expect(text).not.toContain('"nullable"');
    expect(served.servers).toEqual([{ url: '/', description: 'This Atrium server' }]);
    expect(served.info).toMatchObject({ license: { name: 'Proprietary' }, contact: { url: '/api/docs' } });
  });
});
