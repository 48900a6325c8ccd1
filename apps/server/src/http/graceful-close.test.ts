import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/context';
import { buildApp } from '../app';
import { EventBus } from '../events/bus';
import { trackInFlight } from './graceful-close';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function slowApp() {
  const app = await buildApp({
    db: database.db,
    bus: new EventBus(database.db, database.url),
    config: testConfig,
  });
  app.get('/api/slow', { config: { public: true } }, async () => {
    await new Promise((r) => setTimeout(r, 400));
    return { done: true };
  });
  const server = trackInFlight(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, server, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('graceful close', () => {
  it('lets an in-flight request finish, then stops', async () => {
    const { server, base } = await slowApp();
    const pending = fetch(`${base}/api/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 100));
    await server.close(5000);
    expect(await pending).toEqual({ status: 200, body: { done: true } });
  });

  it('does not wait on a connection that carries no request', async () => {
    const { app, server } = await slowApp();
    const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const socketClosed = new Promise((r) => socket.once('close', r));
    // Without cutting it, close would wait for the server's headers timeout (a minute).
    await server.close(30_000);
    await socketClosed;
  }, 10_000);
});
