import { z } from 'zod';
import { AppInfo } from './auth';
import { endpoint } from './endpoint';

/**
 * Liveness for load balancers, answered with a 503 unless `ok`: `degraded` when the database
 * cannot be reached, `draining` while a stopping process still serves but wants no new requests.
 */
export const Health = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['ok', 'unreachable']),
});
export type Health = z.infer<typeof Health>;

/** The OpenAPI 3 document; only its outline is promised here, the rest is whatever it describes. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    audience: 'public',
    summary: 'Liveness: 200 when the database answers, 503 when it does not or the process is stopping',
    response: Health,
    otherResponses: { 503: Health },
  }),
  appInfo: endpoint({
    method: 'GET',
    path: '/app-info',
    audience: 'public',
    summary: 'Public facts the login page needs: demo mode, demo accounts, time zone',
    response: AppInfo,
  }),
  openApi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    audience: 'user',
    summary: 'This document',
    response: OpenApiDocument,
  }),
};
