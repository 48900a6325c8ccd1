import type { Db } from '../../src/db/connection';
import { insertWindow, lockDevice } from '../../src/modules/counting/counting.repository';
import { type DeviceOptions, makeDevice, type TestDevice } from './access';
import { tag } from './people';

/** A people counter (a device of type counter) that pushes with a secret of its own. */
export async function makeCounter(
  db: Db,
  options: Omit<DeviceOptions, 'type' | 'pushes'> = {},
): Promise<TestDevice & { secret: string }> {
  const code = options.code ?? `PC-${tag()}`;
  const counter = await makeDevice(db, {
    name: `${code} counter`,
    ...options,
    code,
    type: 'counter',
    pushes: true,
  });
  return { ...counter, secret: counter.secret! };
}

export interface CountingWindow {
  start: Date | string;
  end: Date | string;
  entries: number;
  exits: number;
  passby: number;
}

/**
 * A counter's windows, stored as a pushed window is (each once) and added to the hourly rollup
 * of the hour it ends in.
 */
export async function makeCountingWindows(
  db: Db,
  counter: { id: number },
  windows: CountingWindow[],
  source: 'timeRange' | 'realTime' = 'timeRange',
) {
  await db.transaction().execute(async (trx) => {
    await lockDevice(trx, counter.id);
    for (const w of windows)
      await insertWindow(
        trx,
        counter.id,
        {
          start: new Date(w.start),
          end: new Date(w.end),
          entries: w.entries,
          exits: w.exits,
          passby: w.passby,
        },
        source,
      );
  });
}
