import type { FastifyInstance } from 'fastify';
import type { Db, PoolMode } from '../db/connection';
import type { OrgClock } from './clock';
import type { EventBus } from './events/bus';
import type { Changes } from './events/changes';

/** Ends what `follow` or `jobs` started. */
export type Stop = () => void | Promise<void>;

/** How the reports and exports' pool is made (db/reports-pool.ts). */
export interface ReportsPoolOptions {
  /** Connections of its own. */
  size: number;
  statementTimeoutMs: number;
  /** Checkouts that may wait for a connection; one more is refused (503 busy). */
  queueLimit: number;
  /** How long a checkout may wait; longer is refused (503 busy). */
  queueTimeoutMs: number;
  poolMode?: PoolMode;
}

/**
 * The connections reports and exports run on, apart from `db` (db/reports-pool.ts): a Db for one
 * request, whose statements are cancelled once `signal` aborts (its client went away).
 */
export interface ReportsDb {
  db(signal?: AbortSignal): Db;
  /** Where and how it connects: the report worker opens a pool like it (modules/reports). */
  readonly settings: { url: string; options: ReportsPoolOptions };
}

/** What every module is built from. */
export interface ModuleContext {
  db: Db;
  reports: ReportsDb;
  bus: EventBus;
  /** Whether anything changed since a cached read (core/events/changes.ts). */
  changes: Changes;
  clock: OrgClock;
  /** A background task's failure: logged, never fatal. */
  onError: (task: string, error: unknown) => void;
}

/**
 * One domain, wired: app.ts registers every module's routes under /api, starts `follow` with
 * the app and `jobs` only in a serving process, and stops them in reverse order on close.
 */
export interface AtriumModule {
  readonly name: string;
  /** Registers the domain's routes inside the /api prefix. */
  routes?(api: FastifyInstance): PromiseLike<unknown>;
  /** What the API itself relies on while the app is up (caches following the event log, the motion timer). */
  follow?(): Stop;
  /** Scheduled work of a serving process (sweeps, rollovers, monitors); tests start them by hand. */
  jobs?(): Stop;
}
