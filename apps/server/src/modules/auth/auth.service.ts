import { randomUUID } from 'node:crypto';
import type { User } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, unauthorized } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { sessionEndedEvent, toUser } from './auth.presenter';
import * as repo from './auth.repository';
import { verifyPassword } from './passwords';
import type { CachedSession, SessionCache } from './session-cache';
import { endSessionsIn } from './session-end';
import { teamMemberIds } from './standing.repository';
import { admitLoginAttempt, LOGIN_WINDOW_SECONDS } from './throttle';
import { hashRefreshToken, newRefreshToken, type TokenSigner } from './tokens';

export interface AuthDeps {
  db: Kysely<Database>;
  bus: EventBus;
  signer: TokenSigner;
  clock: OrgClock;
  sessionMaxAgeSeconds: number;
  /** This process's cache of checked tokens, shared with whoever else ends sessions. */
  sessions: SessionCache;
  /** Whether people sign in with passwords (off under single sign-on; administrators always may). */
  passwordLogin?: () => Promise<boolean>;
}

export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  token: string;
  refreshToken: string;
  user: User;
}

const invalidCredentials = () => new AppError('unauthorized', 'Invalid email or password');
const sessionEnded = () => unauthorized('Your session has ended. Please sign in again.');

/**
 * How long a rotated refresh token may be presented again and get the same successor: two tabs
 * refreshing at once both carry the old cookie, and the second must not count as theft.
 */
export const REFRESH_GRACE_SECONDS = 10;
const graceSince = (now: Date) => new Date(now.getTime() - REFRESH_GRACE_SECONDS * 1000);
/** How many rotations a grace answer follows to reach the newest token of the session. */
const GRACE_CHAIN_LIMIT = 5;

export class AuthService {
  private readonly sessions: SessionCache;

  constructor(private readonly deps: AuthDeps) {
    this.sessions = deps.sessions;
  }

  /** Keeps the session cache true to every process's revocations; returns the unsubscribe. */
  follow(): () => void {
    return this.sessions.follow();
  }

  async login(email: string, password: string, client: Client): Promise<SignedIn> {
    const { db } = this.deps;
    const normalised = email.trim().toLowerCase();
    // Counts as a failure from here on, until the password proves right.
    await admitLoginAttempt(db, normalised, client.ip, this.deps.clock.now);

    const found = await repo.findUserForLogin(db, normalised);
    const passwordOk = await verifyPassword(found?.password_hash ?? null, password);
    if (!found || !passwordOk || !found.active) {
      const windowStart = new Date(this.deps.clock.now().getTime() - LOGIN_WINDOW_SECONDS * 1000);
      await repo.pruneLoginFailures(db, normalised, client.ip, windowStart);
      await recordAudit(db, {
        actorUserId: found?.id ?? null,
        action: 'auth.login_failed',
        ip: client.ip,
        details: {
          email: normalised,
          reason: !found ? 'unknown_email' : !found.active ? 'disabled' : 'wrong_password',
        },
      });
      throw invalidCredentials();
    }
    if (found.role !== 'admin' && this.deps.passwordLogin && !(await this.deps.passwordLogin()))
      throw new AppError('forbidden', 'Sign in through your organisation: passwords are turned off');

    return this.openSession(found.id, client, {
      action: 'auth.login',
      before: (trx) => repo.clearLoginFailuresFrom(trx, normalised, client.ip),
    });
  }

  /**
   * A new session for a person whose identity is proven (a password, or the identity provider's
   * ID token): access token, refresh token, the audit row `action`; `before` runs in the same
   * transaction. The caller has checked that the person is active.
   */
  async openSession(
    userId: number,
    client: Client,
    o: {
      action: string;
      before?: (trx: Kysely<Database>) => Promise<unknown>;
      sso?: { issuer: string; subject: string; sid: string | null };
    },
  ): Promise<SignedIn> {
    const { db } = this.deps;
    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    const now = this.deps.clock.now();
    await db.transaction().execute(async (trx) => {
      await o.before?.(trx);
      await repo.createSession(trx, {
        id: sessionId,
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.deps.sessionMaxAgeSeconds * 1000),
        ...client,
        sso: o.sso,
      });
      await repo.insertRefreshToken(trx, sessionId, refresh.hash, now);
      await recordAudit(trx, {
        actorUserId: userId,
        action: o.action,
        ip: client.ip,
        targetType: 'session',
        targetId: sessionId,
        details: o.sso ? { issuer: o.sso.issuer } : {},
      });
    });
    const user = await repo.findPublicUser(db, userId, (await this.deps.clock.today()).date);
    if (!user) throw invalidCredentials();
    const token = await this.deps.signer.sign({ userId, sessionId });
    return { token, refreshToken: refresh.token, user: toUser(user) };
  }

  /** Resolves a bearer token to the acting person, checking the session is still live. */
  async authenticate(token: string, ip: string): Promise<Actor | undefined> {
    const now = this.deps.clock.now();
    let session = this.sessions.get(token, now);
    if (!session) {
      const mark = this.sessions.mark();
      session = await this.readSession(token, now);
      if (!session) return undefined;
      this.sessions.set(token, session, mark);
    }
    return {
      userId: session.userId,
      role: session.role,
      sessionId: session.sessionId,
      ip,
      teamDepartmentIds: session.teamDepartmentIds,
      ...(session.siteIds ? { siteIds: session.siteIds } : {}),
    };
  }

  /** The live session behind a token, from the database. */
  private async readSession(token: string, now: Date): Promise<CachedSession | undefined> {
    const claims = await this.deps.signer.verify(token);
    if (!claims) return undefined;
    const today = await this.deps.clock.today();
    const row = await repo.findLiveSession(this.deps.db, claims.sessionId, claims.userId, now, today.date);
    if (!row) return undefined;
    // A delegation that begins or ends on a later date changes the standing then: read it again.
    const changes = row.changes_on
      ? (await this.deps.clock.dayBounds(row.changes_on)).start.getTime()
      : Infinity;
    return {
      userId: row.user_id,
      role: row.role,
      teamDepartmentIds: row.team ?? [],
      // Site rows limit only an administrator: anyone else's reach is their role's already.
      ...(row.role === 'admin' && row.site_ids ? { siteIds: row.site_ids } : {}),
      sessionId: row.id,
      validUntil: Math.min(claims.expiresAt, row.expires_at.getTime(), changes),
    };
  }

  /** Which of these sessions may still act, and as what role now (the live socket re-checks with it). */
  async liveSessions(sessionIds: string[]): Promise<Map<string, { userId: number; role: Actor['role'] }>> {
    const today = await this.deps.clock.today();
    const rows = await repo.findLiveSessions(this.deps.db, sessionIds, today.now, today.date);
    return new Map(rows.map((r) => [r.id, { userId: r.user_id, role: r.role }]));
  }

  async teamOf(userId: number): Promise<number[]> {
    return teamMemberIds(this.deps.db, userId, (await this.deps.clock.today()).date);
  }

  async me(actor: Actor): Promise<User> {
    const user = await repo.findPublicUser(this.deps.db, actor.userId, (await this.deps.clock.today()).date);
    if (!user) throw unauthorized();
    return toUser(user);
  }

  async logout(actor: Actor): Promise<void> {
    await this.endSessions([actor.sessionId], 'logout', actor.userId, actor.ip);
  }

  /** Ends sessions at once: their access and refresh tokens stop working, their sockets close. */
  async endSessions(
    sessionIds: string[],
    reason: string,
    actorUserId: number | null,
    ip: string | null,
  ): Promise<void> {
    const { db, bus } = this.deps;
    const ended = await db
      .transaction()
      .execute((trx) =>
        endSessionsIn(trx, bus, sessionIds, { reason, actorUserId, ip, at: this.deps.clock.now() }),
      );
    // Here at once; in other processes (and again here) when the event arrives.
    this.sessions.forgetSessions(ended);
  }

  /**
   * A new access token for a session. The refresh cookie is the main way: it is rotated. Without
   * one, a live session's bearer token renews itself (same session, still bounded by the
   * session's absolute end).
   */
  async refresh(
    refreshToken: string | undefined,
    bearer: string | undefined,
    client: Client,
  ): Promise<{ token: string; refreshToken?: string }> {
    if (refreshToken) return this.rotate(refreshToken, client);
    if (!bearer) throw unauthorized('No session to refresh');
    // Renewing asks the database, not the cache: a token is extended only for a session known live now.
    const session = await this.readSession(bearer, this.deps.clock.now());
    if (!session) throw sessionEnded();
    return { token: await this.deps.signer.sign({ userId: session.userId, sessionId: session.sessionId }) };
  }

  /**
   * Rotates a refresh token. Presented again within the grace period it answers the same
   * successor (two tabs at once). Presented again later, it was copied: the whole session is
   * revoked, so neither the thief nor the owner can go on with it.
   */
  private async rotate(
    refreshToken: string,
    client: Client,
  ): Promise<{ token: string; refreshToken: string }> {
    const { db, signer, clock } = this.deps;
    const outcome = await db.transaction().execute(async (trx) => {
      const now = clock.now();
      const row = await repo.lockRefreshToken(trx, hashRefreshToken(refreshToken), graceSince(now), now);
      if (!row) return { kind: 'unknown' as const };
      const session = { userId: row.user_id, sessionId: row.session_id };
      if (row.used_at && row.in_grace) {
        if (!row.session_live || !row.active) return { kind: 'ended' as const };
        const newest = await this.newestInGrace(
          trx,
          row.session_id,
          signer.refreshSuccessor(refreshToken),
          graceSince(now),
        );
        if (newest) return { kind: 'ok' as const, ...session, refreshToken: newest };
      }
      if (row.used_at) {
        const ended = await repo.revokeSessions(trx, [row.session_id], 'refresh_reuse', now);
        await recordAudit(trx, {
          actorUserId: row.user_id,
          action: 'auth.refresh_reuse',
          ip: client.ip,
          targetType: 'session',
          targetId: row.session_id,
        });
        if (ended.length > 0) await this.deps.bus.publish(sessionEndedEvent(ended), trx);
        return { kind: 'reused' as const, sessionId: row.session_id };
      }
      if (!row.session_live || !row.active) return { kind: 'ended' as const };
      await repo.markRefreshTokenUsed(trx, row.id, now);
      const next = signer.refreshSuccessor(refreshToken);
      await repo.insertRefreshToken(trx, row.session_id, hashRefreshToken(next), now);
      return { kind: 'ok' as const, ...session, refreshToken: next };
    });
    if (outcome.kind === 'reused') this.sessions.forgetSessions([outcome.sessionId]);
    if (outcome.kind !== 'ok') throw sessionEnded();
    const token = await signer.sign({ userId: outcome.userId, sessionId: outcome.sessionId });
    return { token, refreshToken: outcome.refreshToken };
  }

  /**
   * The session's current refresh token reached from a successor: itself when unused, or, when it
   * too was rotated within the grace period, its own successor, and so on. Undefined when the
   * chain leaves the grace period (then the presented token counts as reuse).
   */
  private async newestInGrace(trx: Kysely<Database>, sessionId: string, successor: string, since: Date) {
    let candidate = successor;
    for (let step = 0; step < GRACE_CHAIN_LIMIT; step++) {
      const row = await repo.findSessionRefreshToken(trx, sessionId, hashRefreshToken(candidate), since);
      if (!row) return undefined;
      if (!row.used_at) return candidate;
      if (!row.in_grace) return undefined;
      candidate = this.deps.signer.refreshSuccessor(candidate);
    }
    return undefined;
  }
}
