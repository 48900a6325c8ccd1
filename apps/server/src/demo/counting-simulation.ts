import { isoWeekday, localDate } from '@atrium/contract/calendar';
import type { OrgClock } from '../core/clock';
import type { Db } from '../db/connection';
import { type CounterWindow, SimulatedCounter } from '../devices/hikvision/simulator/counter';
import { newPushSecret, pushPath } from '../modules/access/devices.service';
import { hashSecret } from '../modules/access/push.service';
import { DEMO_COUNTERS, expected, PATTERNS } from './counting';

/**
 * Keeps the demo counters counting: each plays a simulated counter that pushes one ISAPI
 * timeRange window a minute over real HTTP, picking up where the stored history ends (the seed
 * fills whole 15-minute slots, the counter the minutes since). Fresh push secrets each start.
 */

const MINUTE = 60_000;
/** A catch-up window never spans more than this (the server refuses windows over a day). */
const MAX_CATCH_UP = 6 * 3600_000;

/** A Poisson draw around a mean, so small means still give whole people now and then. */
function draw(mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * (Math.random() * 2 - 1)));
  const limit = Math.exp(-mean);
  let n = 0;
  let p = Math.random();
  while (p > limit) {
    n += 1;
    p *= Math.random();
  }
  return n;
}

function localHour(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
  return Number(hour);
}

export interface DemoCountersOptions {
  db: Db;
  clock: OrgClock;
  /** This server's own origin, e.g. http://127.0.0.1:3000 */
  origin: string;
  log?: (line: string) => void;
}

/** Starts the simulated demo counters; returns the stop. */
export async function startDemoCounters(o: DemoCountersOptions): Promise<() => Promise<void>> {
  const counters: {
    counter: SimulatedCounter;
    deviceId: number;
    code: string;
    siteId: number;
    last: Date;
  }[] = [];
  for (const c of DEMO_COUNTERS) {
    const device = await o.db
      .selectFrom('devices')
      .select(['id', 'site_id'])
      .where('device_id', '=', c.code)
      .where('type', '=', 'counter')
      .executeTakeFirst();
    if (!device) continue;
    const secret = newPushSecret();
    await o.db
      .updateTable('devices')
      .set({ push_secret_hash: hashSecret(secret), updated_at: new Date() })
      .where('id', '=', device.id)
      .execute();
    const latest = await o.db
      .selectFrom('counting_windows')
      .select((eb) => eb.fn.max('window_end').as('end'))
      .where('device_id', '=', device.id)
      .executeTakeFirst();
    const now = o.clock.now().getTime();
    const stored = latest?.end ? new Date(latest.end).getTime() : now;
    counters.push({
      counter: new SimulatedCounter({ deviceId: c.code, pushUrl: `${o.origin}${pushPath(secret)}` }),
      deviceId: device.id,
      code: c.code,
      siteId: device.site_id,
      last: new Date(Math.max(stored, Math.floor((now - MAX_CATCH_UP) / MINUTE) * MINUTE)),
    });
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const step = async () => {
    const end = new Date(Math.floor(o.clock.now().getTime() / MINUTE) * MINUTE);
    for (const c of counters) {
      if (end <= c.last) continue;
      const start = c.last;
      const minutes = (end.getTime() - start.getTime()) / MINUTE;
      // Each counter follows its own site's week and hours.
      const timeZone = await o.clock.timeZone(c.siteId);
      const day = isoWeekday(localDate(start, timeZone));
      const hour = localHour(start, timeZone);
      const p = PATTERNS[c.code]!;
      const w: CounterWindow = {
        start,
        end,
        entries: draw(expected(p.entries, day, hour, minutes)),
        exits: draw(expected(p.exits, day, hour, minutes)),
        passby: draw(expected(p.passby, day, hour, minutes)),
      };
      try {
        if (await c.counter.push(w)) c.last = end;
      } catch (error) {
        o.log?.(`demo counter ${c.code}: ${(error as Error).message}`);
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void step().finally(schedule), MINUTE - (Date.now() % MINUTE) + 500);
    timer.unref();
  };
  void step().finally(schedule);
  return async () => {
    stopped = true;
    clearTimeout(timer);
  };
}
