import type { SessionRole } from '@atrium/contract';
import type { EventBus } from '../../core/events/bus';
import { TrustedCache, type TrustedCacheOptions } from '../../core/events/trusted-cache';

/** What a verified access token of a live session resolves to. */
export interface CachedSession {
  userId: number;
  sessionId: string;
  role: SessionRole;
  /** A manager's departments (standing.repository.ts); empty for anyone else. */
  teamDepartmentIds: readonly number[];
  /** An administrator's sites when limited to some (site_admins); undefined for every site. */
  siteIds?: readonly number[];
  /** The earlier of the token's and the session's end, in ms on the organisation's clock. */
  validUntil: number;
}

export type SessionCacheOptions = TrustedCacheOptions;

/**
 * Access tokens already checked against the database, so a request of a live session costs
 * neither a signature check nor a query. Every process drops a session when any process ends it
 * (logout, disabling, refresh-token reuse) and a person's sessions when their standing changes;
 * expiry is checked on every hit (core/events/trusted-cache.ts).
 */
export class SessionCache {
  private readonly cache: TrustedCache<CachedSession>;

  constructor(
    private readonly bus: EventBus,
    options: SessionCacheOptions,
  ) {
    this.cache = new TrustedCache(bus, options, (session) => session.validUntil);
  }

  /** The session behind `token` if it is cached, fresh and not past its end at `now`. */
  get(token: string, now: Date): CachedSession | undefined {
    return this.cache.get(token, now);
  }

  /** A point to read the database from: `set` with it stores only if nothing was invalidated since. */
  mark(): number {
    return this.cache.mark();
  }

  set(token: string, session: CachedSession, mark: number): void {
    this.cache.set(token, session, mark);
  }

  forgetSessions(sessionIds: readonly string[]): void {
    const ids = new Set(sessionIds);
    this.cache.forgetWhere((session) => ids.has(session.sessionId));
  }

  forgetUsers(userIds: readonly number[]): void {
    const ids = new Set(userIds);
    this.cache.forgetWhere((session) => ids.has(session.userId));
  }

  /** Follows every process's invalidations; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe((event) => {
      if (event.kind === 'session_ended') this.forgetSessions(event.sessionIds);
      else if (event.kind === 'users_changed') this.forgetUsers(event.userIds);
    });
  }
}
