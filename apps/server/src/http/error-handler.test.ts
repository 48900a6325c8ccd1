import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/context';
import { buildApp } from '../app';
import { EventBus } from '../core/events/bus';
import { createDb } from '../db/connection';

let database: TestDatabase;
let bus: EventBus;
beforeAll(async () => {
  database = await createTestDatabase();
  bus = new EventBus(database.db, database.url);
});
afterAll(async () => {
  await database.drop();
});

describe('error handler', () => {
  it('answers a crash with a 500 that carries no internals', async () => {
    const app = await buildApp({ db: database.db, reports: database.reports, bus, config: testConfig });
    app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('password=hunter2 at /srv/secret/path.ts:42');
    });
    const res = await app.inject({ url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side' } });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });

  it('answers a lost database with 503, Retry-After and a code that says so', async () => {
    const app = await buildApp({ db: database.db, reports: database.reports, bus, config: testConfig });
    const lost = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const [i, error] of lost.entries()) {
      app.get(`/api/lost-${i}`, { config: { public: true } }, async () => {
        throw error;
      });
    }
    for (let i = 0; i < lost.length; i += 1) {
      const res = await app.inject({ url: `/api/lost-${i}` });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('database_unavailable');
    }
    await app.close();
  });

  it('answers a statement stopped at its time limit with 504 and a message, not a 500', async () => {
    const app = await buildApp({ db: database.db, reports: database.reports, bus, config: testConfig });
    const limited = createDb(database.url, 1, { statementTimeoutMs: 100 });
    app.get('/api/slow', { config: { public: true } }, async () => {
      await sql`SELECT pg_sleep(2)`.execute(limited);
      return { ok: true };
    });
    const res = await app.inject({ url: '/api/slow' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: {
        code: 'timeout',
        message: 'This took too long and was stopped. Try a shorter date range, or try again later.',
      },
    });
    await limited.destroy();
    await app.close();
  });
});
