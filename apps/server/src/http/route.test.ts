import { allEndpoints, apiEndpoints } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/context';
import { buildApp } from '../app';
import { EventBus } from '../core/events/bus';
import { API_DOCS_PATH } from './api-docs';
import { registeredRoutes } from './route';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const key = (method: string, path: string) => `${method} ${path}`;

describe('the route table', () => {
  it('registers every contract endpoint, and every /api route from the contract (none by hand)', async () => {
    const app = await buildApp({
      db: database.db,
      reports: database.reports,
      bus: new EventBus(database.db, database.url),
      config: testConfig,
    });
    await app.ready();
    // The API reference (api-docs.ts) is a page and its scripts under /api/docs, not an endpoint.
    const api = registeredRoutes(app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith(`${API_DOCS_PATH}`),
    );

    const registered = new Set(api.map((r) => key(r.method, r.url)));
    const declared = allEndpoints.map((e) => key(e.method, `/api${e.path}`));
    expect(declared.length).toBeGreaterThan(30);
    expect(
      declared.filter((k) => !registered.has(k)),
      'contract endpoints without a route',
    ).toEqual([]);
    expect(
      api.filter((r) => !r.endpoint).map((r) => key(r.method, r.url)),
      '/api routes registered by hand instead of with route()',
    ).toEqual([]);
    expect(
      api.filter((r) => r.endpoint && !allEndpoints.includes(r.endpoint)).map((r) => key(r.method, r.url)),
      'routes from endpoints missing in apiEndpoints',
    ).toEqual([]);
    // Each route carries the very definition it was registered from, with its path below /api.
    for (const r of api) expect(r.url).toBe(`/api${r.endpoint?.path}`);
    await app.close();
  });

  it('declares each method and path once', () => {
    const declared = allEndpoints.map((e) => key(e.method, e.path));
    expect(declared.filter((k, i) => declared.indexOf(k) !== i)).toEqual([]);
    expect(Object.keys(apiEndpoints)).toEqual(
      expect.arrayContaining(['system', 'auth', 'people', 'attendance', 'dashboard', 'leave']),
    );
  });
});

describe('endpoint statuses', () => {
  it('answers the health check with its declared 503 body when the database is unreachable', async () => {
    const db = database.connect();
    const app = await buildApp({
      db,
      reports: database.reports,
      bus: new EventBus(db, database.url),
      config: testConfig,
    });
    await app.ready();
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });

    await db.destroy();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'unreachable' });
    await app.close();
  });

  it('answers the health check 503 draining once the process is stopping, and goes on serving', async () => {
    let stopping = false;
    const app = await buildApp({
      db: database.db,
      reports: database.reports,
      bus: new EventBus(database.db, database.url),
      config: testConfig,
      draining: () => stopping,
    });
    await app.ready();
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    stopping = true;
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', database: 'ok' });
    expect((await app.inject({ url: '/api/app-info' })).statusCode).toBe(200);
    await app.close();
  });
});
