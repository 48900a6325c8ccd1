import type { EventBus } from './bus';

/**
 * Whether anything may have changed since a moment: a counter this process bumps for every event
 * it reads from the log (any process's committed change) and for every change request it answers
 * itself (whose own events it may not have read yet). Equal marks mean nothing changed in between
 * that an event or a request announced. While the bus is not listening there is no mark at all,
 * and after it reconnects (events in the gap were missed) the count moves on.
 */
export class Changes {
  private count = 0;
  private epoch: number | undefined;

  constructor(private readonly bus: EventBus) {}

  /** The current mark, or undefined when nothing read earlier may be trusted. */
  mark(): number | undefined {
    const epoch = this.bus.listenEpoch();
    if (epoch === undefined) return undefined;
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.count += 1;
    }
    return this.count;
  }

  /** Something changed (a change request of this process is being answered). */
  changed(): void {
    this.count += 1;
  }

  /** Counts every event any process logs; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe(() => this.changed());
  }
}

interface Entry<T> {
  mark: number;
  readAt: number;
  value: Promise<T>;
}

/**
 * Figures kept while nothing has changed and for at most `ttlMs`: the organisation's (the admin
 * dashboard's tiles, a handful of keys) or one person's own (their status and quick stats, a key
 * each). A read after a change, announced by an event of any process or made by a request of this
 * one, computes them again, and a change that announces nothing shows within `ttlMs`. Requests
 * that arrive while the figures are being computed share that computation instead of each running
 * the same statements.
 */
export class FreshCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly changes: Changes,
    private readonly ttlMs: number,
    /** Most keys kept; past it, stale entries go first, then the oldest. */
    private readonly maxKeys = 16,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const mark = this.changes.mark();
    if (mark === undefined) return compute();
    const now = performance.now();
    const known = this.entries.get(key);
    if (known && known.mark === mark && now - known.readAt < this.ttlMs) return known.value;
    const entry: Entry<T> = { mark, readAt: now, value: compute() };
    // Deleted first so that the map's order stays the order entries were read in.
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.evict(mark, now);
    this.entries.set(key, entry);
    // A failed read is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  /**
   * Drops the entries no read may use any more, at least the oldest. Marks and read times only
   * grow in the map's order, so those are all at its front.
   */
  private evict(mark: number, now: number): void {
    let dropped = false;
    for (const [key, entry] of this.entries) {
      const stale = entry.mark !== mark || now - entry.readAt >= this.ttlMs;
      if (!stale && dropped) return;
      this.entries.delete(key);
      dropped = true;
    }
  }
}
