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
  private readonly at: number[] = [];
  private readonly ms: number[] = [];
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
    this.at.push(this.now());
    this.ms.push(elapsedMs);
    if (this.at.length > MAX_SAMPLES) {
      this.at.shift();
      this.ms.shift();
    }
  }

  private prune(): void {
    const since = this.now() - WINDOW_MS;
    let drop = 0;
    while (drop < this.at.length && (this.at[drop] ?? 0) < since) drop++;
    this.at.splice(0, drop);
    this.ms.splice(0, drop);
  }

  /** Median latency of the last minute in ms (one decimal), and how many requests it covers. */
  latency(): { median: number | null; count: number } {
    this.prune();
    if (this.ms.length === 0) return { median: null, count: 0 };
    const sorted = [...this.ms].sort((a, b) => a - b);
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
