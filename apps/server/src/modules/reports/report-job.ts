import type { ReportQuery, ReportType } from '@atrium/contract';
import type { ReportsPoolOptions } from '../../core/module';

/**
 * What the main thread and the report worker (report-worker.ts) say to each other. The main
 * thread has authorised the request and checked its range; the worker reads, presents and
 * serialises, and hands back bytes one chunk per `read`, so a client that reads slowly holds the
 * worker's drawing, not the main thread's memory.
 */

/** How the worker reaches the database: the reports pool's own settings (db/reports-pool.ts). */
export interface ReportWorkerData {
  url: string;
  options: ReportsPoolOptions;
}

/** CSV is the payroll report's only (reports.service.ts refuses it for the others). */
export type ReportFormat = 'json' | 'pdf' | 'xlsx' | 'csv';

export interface ReportJob {
  type: ReportType;
  query: ReportQuery;
  format: ReportFormat;
  /** The main thread's clock (tests run it at a fixed instant), in ms since the epoch. */
  now: number;
  /** A manager's team (policies' `team` reach): the report covers these departments' people only. */
  departmentIds?: readonly number[];
}

export type ToWorker =
  | { kind: 'run'; id: number; job: ReportJob }
  /** The next chunk is wanted. */
  | { kind: 'read'; id: number }
  /** The client went away: stop reading and drawing. */
  | { kind: 'cancel'; id: number }
  /** Close the connections and end the thread. */
  | { kind: 'close' };

/** A failure, carried across the thread boundary as data (class and `code` do not survive a clone). */
export type JobFailure =
  | { kind: 'app'; code: string; message: string; details?: unknown; headers?: Record<string, string> }
  | { kind: 'error'; name: string; message: string; code?: string; stack?: string };

export type FromWorker =
  | { kind: 'chunk'; id: number; bytes: Uint8Array }
  | { kind: 'end'; id: number }
  | { kind: 'failed'; id: number; failure: JobFailure };
