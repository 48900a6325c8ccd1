import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { dbOver } from './connection';
import { GatedPool } from './gated-pool';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** One connection whose pool gives up on a connect after 200 ms, as the main pool does after 5 s. */
const onePool = () => new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 200 });
const sleep = (seconds: number) => sql`SELECT pg_sleep(${seconds})`;

describe('the main pool behind its queue', () => {
  it('lets statements wait for the one connection longer than a connect may take', async () => {
    const bare = dbOver(onePool());
    const gated = dbOver(new GatedPool(onePool(), 1, 10, 5000));
    try {
      // Without the queue the pool's connect timeout fails the waiting ones: what was a 503.
      const ungated = await Promise.allSettled([0, 1, 2].map(() => sleep(0.3).execute(bare)));
      expect(ungated.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
      const queued = await Promise.allSettled([0, 1, 2].map(() => sleep(0.3).execute(gated)));
      expect(queued.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await bare.destroy();
      await gated.destroy();
    }
  });

  it('answers busy (503) to a statement that waited longer than it may, and to one past the queue', async () => {
    const gated = dbOver(new GatedPool(onePool(), 1, 1, 300));
    try {
      const results = await Promise.allSettled([0, 1, 2].map(() => sleep(0.6).execute(gated)));
      expect(results[0]!.status).toBe('fulfilled');
      for (const refused of results.slice(1)) {
        expect(refused.status).toBe('rejected');
        expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'busy' });
      }
      // The connection is free again once its holder is done.
      await expect(sleep(0).execute(gated)).resolves.toBeDefined();
    } finally {
      await gated.destroy();
    }
  });
});
