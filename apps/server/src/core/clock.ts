import { addDays, localDate, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EventBus } from './events/bus';
import { readTimeZone, TIMEZONE_KEY, writeTimeZone } from './settings.repository';

/** Where "now" comes from; tests pass a fixed one to walk across midnight or a DST change. */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

/** One instant seen on the organisation's clock. */
export interface Today {
  now: Date;
  timeZone: string;
  /** The organisation's local date at `now`, 'YYYY-MM-DD'. */
  date: string;
  year: number;
}

/**
 * The organisation's clock: the one place that answers "now", "today", the time zone and where
 * a local day begins and ends. Every service takes it instead of computing these itself.
 *
 * The zone is a setting; it is read once and cached. A change made through `changeTimeZone`
 * (in this process or any other sharing the database) reaches every clock over the event bus,
 * which `follow` subscribes to.
 */
export class OrgClock {
  private zone: Promise<string> | undefined;
  private lastMinute: { minute: number; timeZone: string; date: string } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    readonly now: Now = systemNow,
  ) {}

  timeZone(): Promise<string> {
    if (!this.zone) {
      const reading = readTimeZone(this.db);
      // A failed read is not remembered: the next call asks the database again.
      reading.catch(() => {
        if (this.zone === reading) this.zone = undefined;
      });
      this.zone = reading;
    }
    return this.zone;
  }

  async today(): Promise<Today> {
    const now = this.now();
    const timeZone = await this.timeZone();
    const date = this.localDate(now, timeZone);
    return { now, timeZone, date, year: Number(date.slice(0, 4)) };
  }

  /**
   * localDate remembered for the last UTC minute asked about: every zone's offset since 1972 is a
   * whole number of minutes, so all instants of one UTC minute share their local date, and the
   * Intl call behind localDate (a tenth of a check-in's CPU) runs about once a minute under load.
   */
  private localDate(now: Date, timeZone: string): string {
    const minute = Math.floor(now.getTime() / 60_000);
    const known = this.lastMinute;
    if (known?.minute === minute && known.timeZone === timeZone) return known.date;
    const date = localDate(now, timeZone);
    this.lastMinute = { minute, timeZone, date };
    return date;
  }

  /** The instants a local date starts and ends (the next date's start), DST included. */
  async dayBounds(date: string): Promise<{ start: Date; end: Date }> {
    const timeZone = await this.timeZone();
    return {
      start: zonedInstant(date, '00:00', timeZone),
      end: zonedInstant(addDays(date, 1), '00:00', timeZone),
    };
  }

  /** Forgets the cached zone; the next question reads the setting again. */
  invalidate(): void {
    this.zone = undefined;
  }

  /** Invalidates on every settings change any process announces; returns the unsubscribe. */
  follow(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (event.kind === 'settings_changed' && event.keys.includes(TIMEZONE_KEY)) this.invalidate();
    });
  }

  /**
   * Changes the organisation's zone and tells every process (the event is logged with the change).
   * Pass the caller's transaction to make it part of a larger change.
   */
  async changeTimeZone(bus: EventBus, timeZone: string, executor: Kysely<Database> = this.db): Promise<void> {
    await writeTimeZone(executor, timeZone, this.now());
    await bus.publish({ kind: 'settings_changed', keys: [TIMEZONE_KEY] }, executor);
    this.invalidate();
  }
}
