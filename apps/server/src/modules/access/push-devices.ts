import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { findDevicesByPushHashes, type PushingDevice } from './devices.repository';

interface Entry {
  device: PushingDevice | undefined;
  /** performance.now() when it was read from the database. */
  readAt: number;
  /** The bus's listen epoch then: events missed in a reconnect make the entry untrusted. */
  epoch: number | undefined;
}

export interface PushDevicesOptions {
  /**
   * How long a known device is trusted without an event saying otherwise (the net under a change
   * made by hand): then it is read again in the background, and after twice as long before its push.
   */
  trustMs: number;
  /** How long an unknown secret, or anything read while the bus was not listening, is kept. */
  briefMs: number;
  maxEntries: number;
}

/**
 * The devices that push, by the hash of their push secret, so a push costs no query. Kept true by
 * the event bus: every process drops them all when any process changes a device (a new secret,
 * its door, its direction: `devices_changed`, published with the change). As a net under a change
 * made by hand, a known device is read again after a minute: in the background, all such devices
 * in one query, while their pushes are still answered from memory (a lookup per device, each
 * holding up that door's pushes, all falling due in the same second, stalled every push by
 * 100-200 ms once a minute under load). Only while the bus is not listening, or for an entry that
 * predates its reconnect, is a device kept 2 s and then read before its next push is answered;
 * an unknown secret is remembered 2 s too. Concurrent pushes of one device share one lookup.
 */
export class PushDevices {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<PushingDevice | undefined>>();
  private refreshing: Promise<void> | undefined;
  /** Bumped by every invalidation, so a lookup that raced one is not stored. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly options: PushDevicesOptions = { trustMs: 60_000, briefMs: 2_000, maxEntries: 10_000 },
  ) {}

  async find(hash: string): Promise<PushingDevice | undefined> {
    const entry = this.entries.get(hash);
    if (entry) {
      const age = performance.now() - entry.readAt;
      if (this.trusted(entry) && age < 2 * this.options.trustMs) {
        if (age >= this.options.trustMs) this.refreshKnown();
        return entry.device;
      }
      if (age < this.options.briefMs) return entry.device;
    }
    return this.load(hash);
  }

  /** Reads one device, before its push is answered; one lookup per secret at a time. */
  private load(hash: string): Promise<PushingDevice | undefined> {
    const pending = this.loading.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const epoch = this.bus.listenEpoch();
    const lookup = findDevicesByPushHashes(this.db, [hash])
      .then((found) => {
        const device = found.get(hash);
        if (generation === this.generation) this.store(hash, { device, readAt: performance.now(), epoch });
        return device;
      })
      .finally(() => {
        if (this.loading.get(hash) === lookup) this.loading.delete(hash);
      });
    this.loading.set(hash, lookup);
    return lookup;
  }

  /**
   * Reads again, in one query, every known device read more than half a minute ago (so the devices
   * read together are refreshed together); one such refresh at a time. A failure leaves the entries
   * as they were, to be read before their pushes once they are two minutes old.
   */
  private refreshKnown(): void {
    if (this.refreshing) return;
    const before = performance.now() - this.options.trustMs / 2;
    const hashes = [...this.entries]
      .filter(([, entry]) => this.trusted(entry) && entry.readAt < before)
      .map(([hash]) => hash);
    const generation = this.generation;
    const epoch = this.bus.listenEpoch();
    this.refreshing = findDevicesByPushHashes(this.db, hashes)
      .then((found) => {
        if (generation !== this.generation) return;
        const readAt = performance.now();
        for (const hash of hashes) this.store(hash, { device: found.get(hash), readAt, epoch });
      })
      .catch(() => {})
      .finally(() => {
        this.refreshing = undefined;
      });
  }

  /** Drops everything, lookups under way included (a device changed). */
  forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** Follows every process's device changes; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe((event) => {
      if (event.kind === 'devices_changed') this.forget();
    });
  }

  /** Read while the bus listened, with no reconnect since: a change to it would have been heard. */
  private trusted(entry: Entry): boolean {
    return entry.device !== undefined && entry.epoch !== undefined && entry.epoch === this.bus.listenEpoch();
  }

  private store(hash: string, entry: Entry): void {
    this.entries.delete(hash);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, entry);
  }
}
