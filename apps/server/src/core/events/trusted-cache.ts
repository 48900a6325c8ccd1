import type { EventBus } from './bus';

export interface TrustedCacheOptions {
  /** The most entries held; the oldest go first. */
  maxEntries: number;
  /** How long an entry is trusted without an event saying otherwise: the net under a lost event. */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  /** performance.now() when it was read from the database. */
  readAt: number;
}

/**
 * Rows read from the database, kept true by the event bus: the owner drops entries when any
 * process says they changed (`forgetWhere` from its bus subscription), each entry ends at its own
 * `validUntil`, and while the bus is not listening, or after it reconnected (events in the gap
 * were missed), nothing cached is trusted. The sessions behind access tokens and API tokens are
 * held this way.
 */
export class TrustedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every invalidation, so a database read that raced one is not stored. */
  private generation = 0;
  private busEpoch: number | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly options: TrustedCacheOptions,
    /** When an entry stops being valid, in ms on the organisation's clock. */
    private readonly validUntil: (value: V) => number,
  ) {}

  /** The value under `key` if it is cached, fresh and still valid at `now`. */
  get(key: string, now: Date): V | undefined {
    if (!this.trustworthy()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      this.validUntil(entry.value) <= now.getTime() ||
      performance.now() - entry.readAt > this.options.ttlMs
    ) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** A point to read the database from: `set` with it stores only if nothing was invalidated since. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: V, mark: number): void {
    if (mark !== this.generation || !this.trustworthy()) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, readAt: performance.now() });
  }

  forgetWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    // Invalidations are rare beside reads: a scan is cheaper than keeping indexes by every field.
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  private trustworthy(): boolean {
    const epoch = this.bus.listenEpoch();
    if (epoch !== this.busEpoch) {
      this.entries.clear();
      this.generation += 1;
      this.busEpoch = epoch;
    }
    return epoch !== undefined;
  }
}
