import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { processCpuMs } from './cpu';

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** Answers that were not 2xx, and connection errors. */
  failed: number;
  /** Cores used on average during the run: the server process and this client process. */
  serverCores: number;
  clientCores: number;
  /** Cores busy on the whole machine (server, client, PostgreSQL, anything else). */
  machineCores: number;
  /** Which side ran out of CPU: the figure is the server's speed only when it says "server". */
  limit: 'server' | 'client' | 'neither';
}

/** Above this share of a core a single-threaded side is taken to be saturated. */
const SATURATED = 0.85;

/**
 * `connections` kept-alive connections asking `url` back to back for `warmMs`, not counted, then
 * for `durationMs` with
 * autocannon, whose parser costs a fraction of fetch's per request: on this 2-core machine a
 * fetch loop saturated its own core at about 3,000 req/s while bare Fastify could serve 20,000.
 * The client's and the server's CPU are measured over the run, so the result says which of the
 * two was the limit rather than leaving a client-bound ratio to pass as the server's.
 */
export async function saturatingLoad(
  url: string,
  options: { token?: string; connections: number; durationMs: number; warmMs: number; serverPid: number },
): Promise<LoadResult> {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  // The first second under load runs unoptimised code and opens connections: warm, then measure.
  if (options.warmMs > 0)
    await autocannon({ url, headers, connections: options.connections, duration: options.warmMs / 1000 });
  const serverBefore = await processCpuMs(options.serverPid);
  const machineBefore = await machineCpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.durationMs / 1000,
  });
  const wallMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const serverCores = ((await processCpuMs(options.serverPid)) - serverBefore) / wallMs;
  const clientCores = (client.user + client.system) / 1000 / wallMs;
  const machineAfter = await machineCpu();
  const machineCores =
    cpus().length *
    (1 - (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total));
  const limit = serverCores >= SATURATED ? 'server' : clientCores >= SATURATED ? 'client' : 'neither';
  return {
    rps: Math.round(result['2xx'] / (result.duration || wallMs / 1000)),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    failed: result.non2xx + result.errors,
    serverCores: round2(serverCores),
    clientCores: round2(clientCores),
    machineCores: round2(machineCores),
    limit,
  };
}

/** Jiffies of all CPUs since boot, and those idle (or waiting for I/O), from /proc/stat. */
async function machineCpu(): Promise<{ total: number; idle: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.reduce((a, b) => a + b, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
