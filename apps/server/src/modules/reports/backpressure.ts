import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Waits until `out` wants more: at once when its reader keeps up, else until it drains. The
 * event loop turns either way, so drawing a long file does not hold up other requests. False
 * once `out` is gone (the client went away, or cancelled): stop drawing.
 */
export async function readyFor(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) {
    await nextTurn();
    return !out.destroyed;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  return !out.destroyed;
}
