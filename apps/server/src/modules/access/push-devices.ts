import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { findDeviceByPushHash, type PushingDevice } from './devices.repository';

interface Entry {
  device: PushingDevice | undefined;
  /** performance.now() when it was read from the database. */
  readAt: number;
  /** The bus's listen epoch then: events missed in a reconnect make the entry untrusted. */
  epoch: number | undefined;
}

export interface PushDevicesOptions {
  /** How long a device is trusted without an event saying otherwise: the net under a change made by hand. */
  trustMs: number;
  /** How long an unknown secret, or anything read while the bus was not listening, is kept. */
  briefMs: number;
  maxEntries: number;
}

/**
 * The devices that push, by the hash of their push secret, so a push costs no query. Kept true by
 * the event bus: every process drops them all when any process changes a device (a new secret,
 * its door, its direction: `devices_changed`, published with the change). Trusted a minute at
 * most, and for 2 s only while the bus is not listening or an entry predates its reconnect; an
 * unknown secret is remembered 2 s too. Concurrent pushes of one device share one lookup.
 */
export class PushDevices {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<PushingDevice | undefined>>();
  /** Bumped by every invalidation, so a lookup that raced one is not stored. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly options: PushDevicesOptions = { trustMs: 60_000, briefMs: 2_000, maxEntries: 10_000 },
  ) {}

  async find(hash: string): Promise<PushingDevice | undefined> {
    const entry = this.entries.get(hash);
    if (entry && this.fresh(entry)) return entry.device;
    const pending = this.loading.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const epoch = this.bus.listenEpoch();
    const lookup = findDeviceByPushHash(this.db, hash)
      .then((device) => {
        if (generation === this.generation) this.store(hash, { device, readAt: performance.now(), epoch });
        return device;
      })
      .finally(() => {
        if (this.loading.get(hash) === lookup) this.loading.delete(hash);
      });
    this.loading.set(hash, lookup);
    return lookup;
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

  private fresh(entry: Entry): boolean {
    const trusted =
      entry.device !== undefined && entry.epoch !== undefined && entry.epoch === this.bus.listenEpoch();
    return performance.now() - entry.readAt < (trusted ? this.options.trustMs : this.options.briefMs);
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
