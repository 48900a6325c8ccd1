import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@atrium/contract';
import { AppError } from '../../core/errors';
import { ClientGone } from '../../http/client-gone';
import type { FromWorker, JobFailure, ReportJob, ReportWorkerData, ToWorker } from './report-job';

/** How long a closing worker may take to end its sessions before it is stopped outright. */
const CLOSE_GRACE_MS = 2000;

interface Pending {
  /** Set until the first chunk or the failure: the request's status is not decided before. */
  first?: { resolve(body: Readable): void; reject(error: unknown): void };
  body?: Readable;
}

/**
 * The main thread's side of the report worker (report-worker.ts): starts it on the first report,
 * hands it each authorised job and relays its chunks as a stream, one chunk per read of the
 * client's socket. A job's first chunk resolves `run`, so a failure before it (a busy queue, the
 * database down, a statement timeout) is answered with its own status, as it was on this thread.
 * A worker that dies fails its jobs and is started again by the next report.
 */
export class ReportRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly jobs = new Map<number, Pending>();

  constructor(private readonly data: ReportWorkerData) {}

  run(job: ReportJob, signal: AbortSignal): Promise<Readable> {
    if (signal.aborted) return Promise.reject(new ClientGone());
    const worker = this.started();
    const id = this.nextId++;
    const send = (message: ToWorker) => worker.postMessage(message);
    return new Promise<Readable>((resolve, reject) => {
      const pending: Pending = { first: { resolve, reject } };
      this.jobs.set(id, pending);
      signal.addEventListener(
        'abort',
        () => {
          if (!this.jobs.delete(id)) return;
          send({ kind: 'cancel', id });
          pending.first?.reject(new ClientGone());
          pending.body?.destroy(new ClientGone());
        },
        { once: true },
      );
      send({ kind: 'run', id, job });
    });
  }

  /** Ends the worker: its sessions are closed, and it is stopped outright after CLOSE_GRACE_MS. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies ToWorker);
    const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.data);
    this.worker = worker;
    worker.on('message', (message: FromWorker) => this.received(worker, message));
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, pending] of this.jobs) {
        this.jobs.delete(id);
        pending.first?.reject(error);
        pending.body?.destroy(error);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The report worker stopped (exit code ${code})`)));
    // Reports in flight do not keep a stopping process alive; close() ends the thread.
    worker.unref();
    return worker;
  }

  private received(worker: Worker, message: FromWorker): void {
    const pending = this.jobs.get(message.id);
    if (!pending) return;
    if (message.kind === 'failed') {
      this.jobs.delete(message.id);
      const error = rebuilt(message.failure);
      if (pending.first) pending.first.reject(error);
      else pending.body?.destroy(error);
      return;
    }
    if (message.kind === 'end') {
      this.jobs.delete(message.id);
      pending.body?.push(null);
      return;
    }
    if (!pending.body) {
      const id = message.id;
      pending.body = new Readable({
        read: () => worker.postMessage({ kind: 'read', id } satisfies ToWorker),
        destroy: (error, done) => {
          if (this.jobs.delete(id)) worker.postMessage({ kind: 'cancel', id } satisfies ToWorker);
          done(error);
        },
      });
    }
    pending.body.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    const first = pending.first;
    pending.first = undefined;
    first?.resolve(pending.body);
  }
}

/** The worker's failure as the error the error handler expects: an AppError, or one with pg's `code`. */
function rebuilt(failure: JobFailure): Error {
  if (failure.kind === 'app')
    return new AppError(failure.code as ErrorCode, failure.message, failure.details, failure.headers);
  const error = Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});
  error.name = failure.name;
  if (failure.stack) error.stack = failure.stack;
  return error;
}

/**
 * The worker from the bundle beside this one (dist/report-worker.js, build.mjs), or, when this
 * runs from source (tests, `npm run dev`), from report-worker.ts through tsx's loader, which a
 * worker's own execArgv cannot register on Node 20.
 */
function startWorker(data: ReportWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./report-worker.js', here), { workerData: data });
  // tsx's ESM API (register) is the .mjs twin of the file `require` resolves to.
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./report-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`;
  return new Worker(boot, { eval: true, workerData: data });
}
