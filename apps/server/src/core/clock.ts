import { addDays, localDate, zonedInstant } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EventBus } from './events/bus';
import { readSiteZones, TIMEZONE_KEY, writeTimeZone } from './settings.repository';

/** Where "now" comes from; tests pass a fixed one to walk across midnight or a DST change. */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

/** One instant seen on a site's clock (the organisation's: its first site's, unless one is named). */
export interface Today {
  now: Date;
  timeZone: string;
  /** The site's local date at `now`, 'YYYY-MM-DD'. */
  date: string;
  year: number;
}

/** One site's today. */
export interface SiteToday extends Today {
  siteId: number;
}

/**
 * The organisation's clock: the one place that answers "now", "today", the time zone and where
 * a local day begins and ends. Every service takes it instead of computing these itself. Each
 * site keeps its own zone: pass a site id to ask about that site's day; without one, the answer
 * is the organisation's (its first site's).
 *
 * The zones are read once and cached. A change made through `changeTimeZone` or a site's edit
 * (in this process or any other sharing the database) reaches every clock over the event bus,
 * which `follow` subscribes to.
 */
export class OrgClock {
  private sites: Promise<{ first: number; zones: Map<number, string> }> | undefined;
  private lastMinute = new Map<string, { minute: number; date: string }>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly now: Now = systemNow,
  ) {}

  private siteZones() {
    if (!this.sites) {
      const reading = readSiteZones(this.db);
      // A failed read is not remembered: the next call asks the database again.
      reading.catch(() => {
        if (this.sites === reading) this.sites = undefined;
      });
      this.sites = reading;
    }
    return this.sites;
  }

  /** The zone of `siteId`, or the organisation's; a site unknown here (just added elsewhere) rereads them. */
  async timeZone(siteId?: number | null): Promise<string> {
    let { first, zones } = await this.siteZones();
    if (siteId != null && !zones.has(siteId)) {
      this.invalidate();
      ({ first, zones } = await this.siteZones());
    }
    return zones.get(siteId ?? first) ?? zones.get(first)!;
  }

  /** The organisation's first site, where whatever names no site belongs. */
  async firstSite(): Promise<number> {
    return (await this.siteZones()).first;
  }

  async today(siteId?: number | null): Promise<Today> {
    const now = this.now();
    const timeZone = await this.timeZone(siteId);
    const date = this.localDate(now, timeZone);
    return { now, timeZone, date, year: Number(date.slice(0, 4)) };
  }

  /** Every site's today at one instant (sites are few): org-wide views count each person on their site's day. */
  async todays(): Promise<SiteToday[]> {
    const { zones } = await this.siteZones();
    const now = this.now();
    return [...zones].map(([siteId, timeZone]) => {
      const date = this.localDate(now, timeZone);
      return { siteId, now, timeZone, date, year: Number(date.slice(0, 4)) };
    });
  }

  /**
   * localDate remembered for the last UTC minute asked about: every zone's offset since 1972 is a
   * whole number of minutes, so all instants of one UTC minute share their local date, and the
   * Intl call behind localDate (a tenth of a check-in's CPU) runs about once a minute under load.
   */
  private localDate(now: Date, timeZone: string): string {
    const minute = Math.floor(now.getTime() / 60_000);
    const known = this.lastMinute.get(timeZone);
    if (known?.minute === minute) return known.date;
    const date = localDate(now, timeZone);
    this.lastMinute.set(timeZone, { minute, date });
    return date;
  }

  /** The instants a local date starts and ends (the next date's start), DST included. */
  async dayBounds(date: string, siteId?: number | null): Promise<{ start: Date; end: Date }> {
    const timeZone = await this.timeZone(siteId);
    return {
      start: zonedInstant(date, '00:00', timeZone),
      end: zonedInstant(addDays(date, 1), '00:00', timeZone),
    };
  }

  /** Forgets the cached zones; the next question reads the sites again. */
  invalidate(): void {
    this.sites = undefined;
  }

  /** Invalidates on every settings change any process announces; returns the unsubscribe. */
  follow(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (event.kind === 'settings_changed' && event.keys.includes(TIMEZONE_KEY)) this.invalidate();
    });
  }

  /** Tells every process that a site's zone (or the set of sites) changed, with `executor`'s transaction. */
  async sitesChanged(bus: EventBus, executor: Kysely<Database> = this.db): Promise<void> {
    await bus.publish({ kind: 'settings_changed', keys: [TIMEZONE_KEY] }, executor);
    this.invalidate();
  }

  /**
   * Changes the organisation's zone and tells every process (the event is logged with the change).
   * Pass the caller's transaction to make it part of a larger change.
   */
  async changeTimeZone(bus: EventBus, timeZone: string, executor: Kysely<Database> = this.db): Promise<void> {
    await writeTimeZone(executor, timeZone, this.now());
    await this.sitesChanged(bus, executor);
  }
}
