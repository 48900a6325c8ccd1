import type { EventBus } from '../../core/events/bus';
import { TrustedCache, type TrustedCacheOptions } from '../../core/events/trusted-cache';
import type { UsableToken } from './api-tokens.repository';

/**
 * API tokens already found in the database, by hash, so a busy integration's requests cost no
 * query. Kept true like the session cache (core/events/trusted-cache.ts): every process drops a
 * token when any process revokes it (`api_tokens_revoked`), and expiry is checked on every hit.
 */
export class TokenCache {
  private readonly cache: TrustedCache<UsableToken>;

  constructor(
    private readonly bus: EventBus,
    options: TrustedCacheOptions,
  ) {
    this.cache = new TrustedCache(bus, options, (token) => token.expires_at.getTime());
  }

  get(hash: string, now: Date): UsableToken | undefined {
    return this.cache.get(hash, now);
  }

  /** A point to read the database from: `set` with it stores only if nothing was revoked since. */
  mark(): number {
    return this.cache.mark();
  }

  set(hash: string, token: UsableToken, mark: number): void {
    this.cache.set(hash, token, mark);
  }

  forget(tokenIds: readonly number[]): void {
    const ids = new Set(tokenIds);
    this.cache.forgetWhere((token) => ids.has(token.id));
  }

  /** Follows every process's revocations; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe((event) => {
      if (event.kind === 'api_tokens_revoked') this.forget(event.tokenIds);
    });
  }
}
