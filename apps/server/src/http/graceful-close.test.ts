import type { AddressInfo } from 'node:net';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/context';
import { createUser, login } from '../../test/fixtures';
import { buildApp } from '../app';
import { EventBus } from '../core/events/bus';
import { trackInFlight } from './graceful-close';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/**
 * Resolves once some other connection is waiting on a lock `holder` holds. Only this database's
 * waiters count: test files running beside this one wait on locks of their own.
 */
async function waitForLockWaiter(holder: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await holder.query(
      `SELECT count(*)::int AS n FROM pg_locks
       WHERE NOT granted AND pid <> pg_backend_pid()
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (rows[0].n > 0) return;
  }
}

/** An app with a route that, once a request has entered it, waits until the test releases it. */
async function slowApp() {
  const app = await buildApp({
    db: database.db,
    reports: database.reports,
    bus: new EventBus(database.db, database.url),
    config: testConfig,
  });
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/api/slow', { config: { public: true } }, async () => {
    entered();
    await gate;
    return { done: true };
  });
  const server = trackInFlight(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, server, base, started, release };
}

describe('graceful close', () => {
  it('lets an in-flight request finish, then stops', async () => {
    const { server, base, started, release } = await slowApp();
    const pending = fetch(`${base}/api/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await started;
    let closed = false;
    const closing = server.close(5000).then(() => {
      closed = true;
    });
    // Close is waiting for the request: give it every chance to finish early, then let the request end.
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(await pending).toEqual({ status: 200, body: { done: true } });
  });

  it('stops at once after a client left while its token was being checked', async () => {
    const app = await buildApp({
      db: database.db,
      reports: database.reports,
      bus: new EventBus(database.db, database.url),
      config: testConfig,
    });
    const server = trackInFlight(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const session = await login(app, await createUser(database.db, 'staff'));
    // A transaction holding the sessions table makes the token check wait until it ends.
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    const serverSawClose = new Promise<void>((resolve) =>
      app.server.once('request', (_req, res) => res.once('close', () => resolve())),
    );
    const client = new AbortController();
    const port = (app.server.address() as AddressInfo).port;
    const request = fetch(`http://127.0.0.1:${port}/api/auth/me`, {
      headers: session.auth,
      signal: client.signal,
    }).catch(() => 'aborted');
    await waitForLockWaiter(lock);
    client.abort();
    expect(await request).toBe('aborted');
    await serverSawClose;
    await lock.query('COMMIT');
    await lock.end();
    const started = performance.now();
    await server.close(5000);
    expect(performance.now() - started).toBeLessThan(2000);
  }, 15_000);

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
