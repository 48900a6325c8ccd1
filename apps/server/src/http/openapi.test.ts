import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/context';
import { createUser, login } from '../../test/fixtures';
import { buildApp } from '../app';
import { EventBus } from '../core/events/bus';

let database: TestDatabase;
let bus: EventBus;
beforeAll(async () => {
  database = await createTestDatabase();
  bus = new EventBus(database.db, database.url);
});
afterAll(async () => {
  await database.drop();
});

describe('OpenAPI document', () => {
  it('describes the routes from the contract schemas, for signed-in users only', async () => {
    const app = await buildApp({ db: database.db, bus, config: testConfig });
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
    const admin = await createUser(database.db, 'admin');
    const session = await login(app, admin);
    const res = await app.inject({ url: '/api/openapi.json', headers: session.auth });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const loginBody = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/attendance/check-in', '/api/leave/apply']),
    );
    await app.close();
  });
});
