import type { Actor, Authenticator } from '../../core/actor';
import type { EventBus } from '../../core/events/bus';
import { can } from '../../core/policies';

/** How long a session found live is trusted without an event saying otherwise: the net under a lost event. */
const TRUST_MS = 30_000;
/** Sessions remembered at most (a few per viewer): the map is emptied rather than grown past it. */
const MAX_ENTRIES = 10_000;

/**
 * Whether the session a media link was issued to may still see video. A live stream asks for a
 * playlist every few seconds and a segment with each: one query each would be a query per viewer
 * per second, so answers are kept, and dropped by the same events that end sessions everywhere
 * (logout, disabling, a role change). Until the bus listens, nothing kept is trusted.
 */
export class MediaSessions {
  private readonly live = new Map<string, { userId: number; at: number }>();
  private busEpoch: number | undefined;
  /** Bumped by every invalidation, so a read that raced one is not kept. */
  private generation = 0;

  constructor(
    private readonly auth: Pick<Authenticator, 'liveSessions'>,
    private readonly bus: EventBus,
  ) {}

  follow(): () => void {
    // A logout is answered only once every process has read its event (core/events/barrier.ts),
    // so by then no process here still takes the session's links.
    return this.bus.subscribe((event) => {
      if (event.kind === 'session_ended' || event.kind === 'users_changed') this.generation += 1;
      if (event.kind === 'session_ended') for (const id of event.sessionIds) this.live.delete(id);
      else if (event.kind === 'users_changed') {
        const users = new Set(event.userIds);
        for (const [id, entry] of this.live) if (users.has(entry.userId)) this.live.delete(id);
      }
    });
  }

  async mayView(sessionId: string): Promise<boolean> {
    const epoch = this.bus.listenEpoch();
    if (epoch !== this.busEpoch) {
      this.live.clear();
      this.busEpoch = epoch;
    }
    const known = this.live.get(sessionId);
    if (epoch !== undefined && known && performance.now() - known.at < TRUST_MS) return true;
    const mark = this.generation;
    const session = (await this.auth.liveSessions([sessionId])).get(sessionId);
    const allowed = session !== undefined && can({ ...session, sessionId, ip: '' } as Actor, 'video.view');
    if (!allowed) {
      this.live.delete(sessionId);
      return false;
    }
    if (epoch !== undefined && mark === this.generation) {
      if (this.live.size >= MAX_ENTRIES) this.live.clear();
      this.live.set(sessionId, { userId: session.userId, at: performance.now() });
    }
    return true;
  }
}
