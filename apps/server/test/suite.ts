import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../src/app';
import type { EventBus } from '../src/core/events/bus';
import { writeTimeZone } from '../src/core/settings.repository';
import type { Db } from '../src/db/connection';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './context';
import { makeUser, type TestUser, type UserOptions } from './factories';
import { type LoggedIn, login } from './fixtures';

/** A signed-in person: their user row and their session's bearer header. */
export interface Session extends LoggedIn {
  user: TestUser;
}

/** The one request dialect of the server tests: a path, who asks (or nobody) and a body. */
export interface Http {
  get(url: string, as?: LoggedIn): Promise<LightMyRequestResponse>;
  post(url: string, as?: LoggedIn, body?: object): Promise<LightMyRequestResponse>;
  put(url: string, as?: LoggedIn, body?: object): Promise<LightMyRequestResponse>;
  patch(url: string, as?: LoggedIn, body?: object): Promise<LightMyRequestResponse>;
  del(url: string, as?: LoggedIn, body?: object): Promise<LightMyRequestResponse>;
  /** Any method, for tables of requests. */
  request(method: Method, url: string, as?: LoggedIn, body?: object): Promise<LightMyRequestResponse>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function httpFor(app: FastifyInstance): Http {
  const send = (method: Method, url: string, as?: LoggedIn, body?: object) =>
    app.inject({ method, url, headers: as?.auth, payload: body });
  return {
    get: (url, as) => send('GET', url, as),
    post: (url, as, body) => send('POST', url, as, body),
    put: (url, as, body) => send('PUT', url, as, body),
    patch: (url, as, body) => send('PATCH', url, as, body),
    del: (url, as, body) => send('DELETE', url, as, body),
    request: send,
  };
}

/** The test's "now": fixed until a test moves it, or the real time when started without one. */
export class TestClock {
  private current: Date | undefined;
  constructor(start?: Date | string) {
    this.current = start === undefined ? undefined : new Date(start);
  }
  readonly now = () => this.current ?? new Date();
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.now().getTime() + ms);
  }
}

const WALKING_CLOCK_LIFETIMES = {
  accessTokenTtlSeconds: 2 * 365 * 86_400,
  sessionMaxAgeSeconds: 2 * 365 * 86_400,
};

export interface SuiteOptions {
  /** The organisation's zone; UTC unless given. */
  timeZone?: string;
  /** The instant the clock stands at; the real time unless given. */
  now?: Date | string;
  config?: Partial<AppConfig>;
  /** The signed-in admin's department ('Admins' unless given). */
  adminDepartment?: string;
  /** Video on, its media in a folder of the suite's own (`videoRoot`), removed after the file. */
  video?: boolean;
}

export interface Suite {
  database: TestDatabase;
  db: Db;
  app: FastifyInstance;
  bus: EventBus;
  clock: TestClock;
  http: Http;
  /** A signed-in administrator, made before the first test. */
  admin: Session;
  /** Where camera media live, with `video` on. */
  videoRoot: string;
  /** Makes a person and signs them in. */
  signedIn(options?: UserOptions): Promise<Session>;
  signIn(user: TestUser): Promise<Session>;
}

/**
 * The set-up every server test file shared: a fresh database -> the organisation's zone -> a
 * clock -> the app -> an admin -> signed in; torn down after the file. Call at the top level of
 * a test file; the returned object is filled in before the first test runs.
 */
export function useSuite(options: SuiteOptions = {}): Suite {
  const suite = {} as Suite & { t: TestApp };
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.db = suite.database.db;
    if (options.timeZone) await writeTimeZone(suite.db, options.timeZone, new Date());
    suite.clock = new TestClock(options.now);
    // Auth runs on this clock too: a suite walking it across days and months keeps its sign-ins,
    // unless it sets lifetimes of its own to test them.
    const lifetimes = options.now === undefined ? {} : WALKING_CLOCK_LIFETIMES;
    if (options.video) suite.videoRoot = await mkdtemp(path.join(os.tmpdir(), 'atrium-video-'));
    const services = options.video ? { video: { root: suite.videoRoot } } : {};
    suite.t = await startTestApp(
      suite.database,
      { ...lifetimes, ...options.config },
      suite.clock.now,
      services,
    );
    suite.app = suite.t.app;
    suite.bus = suite.t.bus;
    suite.http = httpFor(suite.app);
    suite.signIn = async (user) => ({ ...(await login(suite.app, user)), user });
    suite.signedIn = async (userOptions) => suite.signIn(await makeUser(suite.db, userOptions));
    suite.admin = await suite.signedIn({ role: 'admin', department: options.adminDepartment ?? 'Admins' });
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.database?.drop();
    if (suite.videoRoot) await rm(suite.videoRoot, { recursive: true, force: true });
  });
  return suite;
}
