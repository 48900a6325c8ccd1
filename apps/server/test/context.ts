import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppConfig, type AppDeps, buildApp } from '../src/app';
import { type Now, OrgClock } from '../src/core/clock';
import { EventBus } from '../src/core/events/bus';
import type { ReportsPoolOptions } from '../src/core/module';
import { createDb, type Db, withDatabase } from '../src/db/connection';
import { ReportsPool } from '../src/db/reports-pool';

export const testConfig: AppConfig = {
  demo: true,
  trustProxy: false,
  webDist: undefined,
  accessTokenTtlSeconds: 900,
  sessionMaxAgeSeconds: 12 * 3600,
  heartbeatMs: 30_000,
  logLevel: 'silent',
};

export interface TestDatabase {
  /** The app's pool: through the run's pooler when it has one, as Atrium's DATABASE_URL would be. */
  db: Db;
  /**
   * PostgreSQL itself, as Atrium's DATABASE_LISTEN_URL: for the bus's LISTEN and for sessions a
   * test holds (a transaction of its own keeping a lock).
   */
  url: string;
  /** The reports and exports' pool on the same database, as main.ts builds it. */
  reports: ReportsPool;
  /** Another pool like `db` (the app's own, through the pooler when there is one). */
  connect(max?: number, options?: { keepIdle?: boolean }): Db;
  drop(): Promise<void>;
}

/**
 * The device credentials key of every app the tests build: fixed, so passwords one app (or a
 * test's own arrangement) stored open in the next one on the same database.
 */
export const testCredentialsKey = Buffer.from('7e57'.repeat(16), 'hex');

/** The reports pool's settings in tests: the defaults of config.ts, but for a shorter wait. */
export const testReportsPool: ReportsPoolOptions = {
  size: 3,
  statementTimeoutMs: 300_000,
  queueLimit: 100,
  queueTimeoutMs: 30_000,
};

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('serverUrl');
  const name = `${inject('databasePrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  const poolUrl = withDatabase(inject('poolServerUrl'), name);
  const connect = (max?: number, options: { keepIdle?: boolean } = {}) =>
    createDb(poolUrl, max, { ...options, poolMode: inject('poolMode') });
  const db = connect();
  const reports = new ReportsPool(poolUrl, { ...testReportsPool, poolMode: inject('poolMode') });
  return {
    db,
    reports,
    url: withDatabase(serverUrl, name),
    connect,
    async drop() {
      await db.destroy();
      await reports.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  bus: EventBus;
  close(): Promise<void>;
}

/** The app on a test database, with its own bus; `services` wires video (or access) in. */
export async function startTestApp(
  database: TestDatabase,
  config: Partial<AppConfig> = {},
  now?: Now,
  services: Pick<AppDeps, 'video' | 'access'> = {},
): Promise<TestApp> {
  const bus = new EventBus(database.db, database.url);
  await bus.start();
  const clock = new OrgClock(database.db, now);
  const app = await buildApp({
    db: database.db,
    reports: database.reports,
    bus,
    config: { ...testConfig, ...config },
    clock,
    ...services,
    access: { credentialsKey: testCredentialsKey, ...services.access },
  });
  await app.ready();
  return {
    app,
    bus,
    async close() {
      await app.close();
      await bus.stop();
    },
  };
}
