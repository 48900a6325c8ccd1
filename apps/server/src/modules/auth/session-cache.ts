import type { SessionRole } from '@atrium/contract';
import type { EventBus } from '../../core/events/bus';

/** What a verified access token of a live session resolves to. */
export interface CachedSession {
  userId: number;
  sessionId: string;
  role: SessionRole;
  /** A manager's departments (standing.repository.ts); empty for anyone else. */
  teamDepartmentIds: readonly number[];
  /** The earlier of the token's and the session's end, in ms on the organisation's clock. */
  validUntil: number;
}

interface Entry extends CachedSession {
  /** performance.now() when it was read from the database. */
  readAt: number;
}

export interface SessionCacheOptions {
  /** The most tokens held; the oldest go first. */
  maxEntries: number;
  /** How long an entry is trusted without an event saying otherwise: the net under a lost event. */
  ttlMs: number;
}

/**
 * Access tokens already checked against the database, so a request of a live session costs
 * neither a signature check nor a query. Kept true by the event bus: every process drops a
 * session when any process ends it (logout, disabling, refresh-token reuse) and a person's
 * sessions when their standing changes; expiry is checked on every hit. While the bus is not
 * listening, or after it reconnected (events in the gap were missed), nothing cached is trusted.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation, so a database read that raced one is not stored. */
  private generation = 0;
  private busEpoch: number | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly options: SessionCacheOptions,
  ) {}

  /** The session behind `token` if it is cached, fresh and not past its end at `now`. */
  get(token: string, now: Date): CachedSession | undefined {
    if (!this.trustworthy()) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.validUntil <= now.getTime() || performance.now() - entry.readAt > this.options.ttlMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** A point to read the database from: `set` with it stores only if nothing was invalidated since. */
  mark(): number {
    return this.generation;
  }

  set(token: string, session: CachedSession, mark: number): void {
    if (mark !== this.generation || !this.trustworthy()) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { ...session, readAt: performance.now() });
  }

  forgetSessions(sessionIds: readonly string[]): void {
    const ids = new Set(sessionIds);
    this.forgetWhere((entry) => ids.has(entry.sessionId));
  }

  forgetUsers(userIds: readonly number[]): void {
    const ids = new Set(userIds);
    this.forgetWhere((entry) => ids.has(entry.userId));
  }

  /** Follows every process's invalidations; returns the unsubscribe. */
  follow(): () => void {
    return this.bus.subscribe((event) => {
      if (event.kind === 'session_ended') this.forgetSessions(event.sessionIds);
      else if (event.kind === 'users_changed') this.forgetUsers(event.userIds);
    });
  }

  private forgetWhere(matches: (entry: Entry) => boolean): void {
    this.generation += 1;
    // Revocations are rare beside reads: a scan is cheaper than keeping indexes by session and user.
    for (const [token, entry] of this.entries) if (matches(entry)) this.entries.delete(token);
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
