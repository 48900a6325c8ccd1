import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items a batch: about 100 kB of JSON for a report's rows, a millisecond or two of work. */
const BATCH = 500;

/**
 * The JSON text of `value`, with `bulk` (an array somewhere inside it, such as a report's 50,000
 * rows) written a batch of items at a time, the event loop turning between batches. One
 * JSON.stringify of a 5 MB answer held every other request for 50-150 ms at 50,000 people, and
 * ten reports in a row made a status read wait seconds; this way none waits for more than a batch.
 */
export async function* jsonInBatches(value: unknown, bulk: readonly unknown[]): AsyncGenerator<string> {
  const marker = JSON.stringify(randomUUID());
  const text = JSON.stringify(value, (_key, v) => (v === bulk ? marker.slice(1, -1) : v));
  const at = text.indexOf(marker);
  if (at < 0) {
    yield text;
    return;
  }
  yield `${text.slice(0, at)}[`;
  for (let i = 0; i < bulk.length; i += BATCH) {
    await nextTurn();
    const batch = JSON.stringify(bulk.slice(i, i + BATCH));
    yield `${i === 0 ? '' : ','}${batch.slice(1, -1)}`;
  }
  yield `]${text.slice(at + marker.length)}`;
}
