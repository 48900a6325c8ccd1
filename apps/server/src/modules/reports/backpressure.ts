import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How much of a file being drawn may wait unread, per side of its stream. Node 22 raised the
 * default from 16 to 64 KiB; drawing ahead is pointless while the client does not read, so the
 * files keep the old figure on every Node.
 */
export const FILE_BUFFER_BYTES = 16 * 1024;

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
