/**
 * Runs `total` tasks with `concurrency` of them in flight at a time; returns the wall time, the
 * latency percentiles of the tasks and their latencies (sorted).
 */
export async function runLoad(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { seconds, p50: p(0.5), p95: p(0.95), p99: p(0.99), latencies };
}
