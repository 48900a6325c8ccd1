import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { REPORTS_NICE, ReportsPool } from '../../db/reports-pool';
import { jsonInBatches } from '../../http/json-batches';
import { ReportBuilder } from './report-builder';
import type { FromWorker, JobFailure, ReportJob, ReportWorkerData, ToWorker } from './report-job';

/**
 * The report worker: reads a report's rows, presents them and writes the answer (JSON, PDF or
 * xlsx) on a thread of its own, with a heap of its own. On the main thread, ten month reports at
 * 50,000 people kept the event loop busy for half a second at a time (row parsing, presenting,
 * and the garbage collection of it all), and a status read waited that long behind them.
 */

const port = parentPort;
if (!port) throw new Error('report-worker.ts runs as a worker thread (report-runner.ts starts it)');
const { url, options } = workerData as ReportWorkerData;
const pool = new ReportsPool(url, options);

// On Linux a thread has a nice value of its own (setpriority(2), "BUGS"), and pid 0 means the
// calling thread: this one yields the CPU to the thread answering requests, as the reports'
// PostgreSQL processes yield to a status read's (db/backend-priority.ts). Elsewhere it would lower
// the whole process, so it is done on Linux only.
if (process.platform === 'linux') {
  try {
    setPriority(REPORTS_NICE);
  } catch {
    // Not permitted here: the worker runs at the process's priority.
  }
}

/** Pieces are sent in chunks of about this many bytes: a message per PDF drawing call is too many. */
const CHUNK_BYTES = 64 * 1024;

class Job {
  readonly controller = new AbortController();
  private credits = 1;
  private wanted: (() => void) | undefined;

  read(): void {
    this.credits += 1;
    this.wanted?.();
  }

  cancel(): void {
    this.controller.abort();
    this.wanted?.();
  }

  /** Resolves when the main thread wants a chunk (or the job was cancelled). */
  async credit(): Promise<void> {
    while (this.credits === 0 && !this.controller.signal.aborted)
      await new Promise<void>((resolve) => {
        this.wanted = resolve;
      });
    this.wanted = undefined;
    this.credits -= 1;
  }
}

const jobs = new Map<number, Job>();
const encoder = new TextEncoder();

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

async function* pieces(job: ReportJob, signal: AbortSignal): AsyncGenerator<string | Uint8Array> {
  const builder = new ReportBuilder(pool.db(), pool, new OrgClock(pool.db(), () => new Date(job.now)));
  if (job.type === 'payroll' && (job.format === 'csv' || job.format === 'xlsx')) {
    yield* payrollFile(builder, job, signal);
    return;
  }
  const report = await builder.report(job.type, job.query, signal, job.departmentIds);
  if (job.format === 'json') {
    yield* jsonInBatches({ report }, report.rows);
    return;
  }
  const organisation = await builder.organisationName();
  // pdfkit and exceljs load on the first export, not with every start of the worker.
  const file =
    job.format === 'pdf'
      ? (await import('./report-pdf')).reportPdf(report, organisation)
      : (await import('./report-xlsx')).reportXlsx(report, organisation);
  try {
    for await (const piece of file) {
      if (signal.aborted) return;
      yield piece as Uint8Array;
    }
  } finally {
    file.destroy();
  }
}

/**
 * A payroll CSV or xlsx, streamed a batch of people at a time (payroll-files.ts) rather than
 * built as a whole report first: at 50,000 people a month is 50,000 rows, and weekly periods more.
 */
async function* payrollFile(
  builder: ReportBuilder,
  job: ReportJob,
  signal: AbortSignal,
): AsyncGenerator<string | Uint8Array> {
  const db = builder.readerFor(signal);
  const setup = await builder.payrollSetup(db, job.query, job.departmentIds);
  const files = await import('./payroll-files');
  if (job.format === 'csv') {
    yield* files.payrollCsv(db, setup, signal);
    return;
  }
  const file = files.payrollXlsx(db, setup, job.query, await builder.organisationName(), signal);
  try {
    for await (const piece of file) {
      if (signal.aborted) return;
      yield piece as Uint8Array;
    }
  } finally {
    file.destroy();
  }
}

/** The pieces gathered into chunks of CHUNK_BYTES, each a copy with a buffer of its own to transfer. */
async function* chunks(source: AsyncGenerator<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  const gathered = () => {
    const out = new Uint8Array(size);
    let at = 0;
    for (const piece of held) {
      out.set(piece, at);
      at += piece.byteLength;
    }
    held = [];
    size = 0;
    return out;
  };
  for await (const piece of source) {
    const bytes = typeof piece === 'string' ? encoder.encode(piece) : piece;
    held.push(bytes);
    size += bytes.byteLength;
    if (size >= CHUNK_BYTES) yield gathered();
  }
  if (size > 0) yield gathered();
}

function failure(error: unknown): JobFailure {
  if (error instanceof AppError)
    return {
      kind: 'app',
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
    };
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  return {
    kind: 'error',
    name: e.name,
    message: e.message,
    code: typeof code === 'string' ? code : undefined,
    stack: e.stack,
  };
}

async function run(id: number, report: ReportJob): Promise<void> {
  const job = new Job();
  jobs.set(id, job);
  const { signal } = job.controller;
  try {
    for await (const chunk of chunks(pieces(report, signal))) {
      await job.credit();
      if (signal.aborted) return;
      post({ kind: 'chunk', id, bytes: chunk }, [chunk.buffer as ArrayBuffer]);
    }
    if (!signal.aborted) post({ kind: 'end', id });
  } catch (error) {
    if (!signal.aborted) post({ kind: 'failed', id, failure: failure(error) });
  } finally {
    jobs.delete(id);
  }
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'run') void run(message.id, message.job);
  else if (message.kind === 'read') jobs.get(message.id)?.read();
  else if (message.kind === 'cancel') jobs.get(message.id)?.cancel();
  else {
    for (const job of jobs.values()) job.cancel();
    // Its sessions end with a goodbye, not a dropped socket PostgreSQL would log.
    void pool.close().finally(() => port.close());
  }
});
