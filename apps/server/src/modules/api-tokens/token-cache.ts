import type { EventBus } from '../../core/events/bus';
import type { UsableToken } from './api-tokens.repository';

interface Entry {
  token: UsableToken;
  /** performance.now() when it was read from the database. */
  readAt: number;
}

export interface TokenCacheOptions {
  /** The most tokens held; the oldest go first. */
  maxEntries: number;
  /** How long an entry is trusted without an event saying otherwise: the net under a lost event. */
  ttlMs: number;
}

/**
 * API tokens already found in the database, by hash, so a busy integration's requests cost no
 * query. Kept true like the session cache (modules/auth/session-cache.ts): every process drops a
 * token when any process revokes it (`api_tokens_revoked`), expiry is checked on every hit, and
 * while the bus is not listening, or after it reconnected, nothing cached is trusted.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every revocation, so a database read that raced one is not stored. */
  private generation = 0;
  private busEpoch: number | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly options: TokenCacheOptions,
  ) {}

  get(hash: string, now: Date): UsableToken | undefined {
    if (!this.trustworthy()) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (
      entry.token.expires_at.getTime() <= now.getTime() ||
      performance.now() - entry.readAt > this.options.ttlMs
    ) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.token;
  }

  /** A point to read the database from: `set` with it stores only if nothing was revoked since. */
  mark(): number {
    return this.generation;
  }

  set(hash: string, token: UsableToken, mark: number): void {
    if (mark !== this.generation || !this.trustworthy()) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { token, readAt: performance.now() });
  }

  forget(tokenIds: readonly number[]): void {
    this.generation += 1;
    const ids = new Set(tokenIds);
    for (const [hash, entry] of this.entries) if (ids.has(entry.token.id)) this.entries.delete(hash);
  }

  /** Follows every process's revocations; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe((event) => {
      if (event.kind === 'api_tokens_revoked') this.forget(event.tokenIds);
    });
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
