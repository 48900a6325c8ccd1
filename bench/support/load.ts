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

/**
 * Starts `total` tasks at a fixed average rate, whether or not earlier ones have finished (an open
 * loop, as devices push when events happen rather than when the server is free), with exponential
 * gaps between starts (Poisson arrivals, so bursts happen as they do at doors). A task's latency
 * counts from when it was due, not from when it was started, so a late start (a busy client, a
 * full connection pool) is charged to the server rather than hidden (coordinated omission).
 */
export async function runAtRate(total: number, perSecond: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const running: Promise<void>[] = [];
  const started = performance.now();
  let due = started;
  for (let i = 0; i < total; i += 1) {
    due += (-Math.log(1 - Math.random()) * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    // A send started up to 1 ms early (not worth a timer) counts from its start, not its due time.
    const from = Math.min(due, performance.now());
    running.push(task(i).then(() => void latencies.push(performance.now() - from)));
  }
  await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { seconds, p50: p(0.5), p95: p(0.95), p99: p(0.99), latencies };
}
