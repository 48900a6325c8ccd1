/**
 * Runs `run` now and then every `everyMs` until the returned stop is called, for the workers every
 * serving process runs (the mail and webhook senders). The timer does not keep the process alive,
 * and a failure goes to `onError` without stopping the next round.
 */
export function pollEvery(
  everyMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  const tick = () => void run().catch(onError);
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
