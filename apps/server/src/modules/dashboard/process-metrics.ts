import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How far back the response-time median looks. */
const WINDOW_MS = 60_000;
/** At most this many latencies are kept (a busy minute is sampled, oldest dropped first). */
const MAX_SAMPLES = 20_000;

/**
 * What this process measures about itself: API latencies (fed by an onResponse hook), CPU used
 * between two samples, resident memory, and how late the event loop runs timers (scheduled
 * jobs run late when it is blocked).
 */
export class ProcessMetrics {
  // A ring of the latest MAX_SAMPLES (time, latency) pairs: recording is on every API request's
  // path, where shifting a full array cost 3% of a device push's CPU.
  private readonly at = new Float64Array(MAX_SAMPLES);
  private readonly ms = new Float64Array(MAX_SAMPLES);
  /** Index of the oldest sample kept, and how many are kept. */
  private first = 0;
  private count = 0;
  private cpuSample = { at: performance.now(), usage: process.cpuUsage() };
  private lastCpu = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: 20 });

  constructor(private readonly now: () => number = () => performance.now()) {
    this.loop.enable();
  }

  stop(): void {
    this.loop.disable();
  }

  /** One answered API request and how long it took. */
  record(elapsedMs: number): void {
    const slot = (this.first + this.count) % MAX_SAMPLES;
    this.at[slot] = this.now();
    this.ms[slot] = elapsedMs;
    if (this.count < MAX_SAMPLES) this.count += 1;
    else this.first = (this.first + 1) % MAX_SAMPLES;
  }

  private prune(): void {
    const since = this.now() - WINDOW_MS;
    while (this.count > 0 && this.at[this.first]! < since) {
      this.first = (this.first + 1) % MAX_SAMPLES;
      this.count -= 1;
    }
  }

  /** Median latency of the last minute in ms (one decimal), and how many requests it covers. */
  latency(): { median: number | null; count: number } {
    this.prune();
    if (this.count === 0) return { median: null, count: 0 };
    const sorted = new Float64Array(this.count);
    for (let i = 0; i < this.count; i += 1) sorted[i] = this.ms[(this.first + i) % MAX_SAMPLES]!;
    sorted.sort();
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return { median: Math.round(median * 10) / 10, count: sorted.length };
  }

  /** CPU this process used since the previous call, percent of all the machine's cores. */
  cpu(): number {
    const at = performance.now();
    const elapsedMs = at - this.cpuSample.at;
    // Two calls close together would divide noise by nearly nothing: keep the last figure.
    if (elapsedMs < 500) return this.lastCpu;
    const used = process.cpuUsage(this.cpuSample.usage);
    this.cpuSample = { at, usage: process.cpuUsage() };
    const cores = os.availableParallelism();
    this.lastCpu = Math.round(((used.user + used.system) / 1000 / elapsedMs / cores) * 1000) / 10;
    return this.lastCpu;
  }

  memory(): { percent: number; rssMb: number } {
    const rss = process.memoryUsage.rss();
    return {
      percent: Math.round((rss / os.totalmem()) * 1000) / 10,
      rssMb: Math.round((rss / 1024 / 1024) * 10) / 10,
    };
  }

  /** The 99th percentile of event-loop delay since the last call, ms. */
  loopDelayMs(): number {
    const p99 = this.loop.percentile(99) / 1e6;
    this.loop.reset();
    return Math.round(p99 * 10) / 10;
  }
}
