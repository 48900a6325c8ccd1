import { randomUUID } from 'node:crypto';
import type { User } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import type { EventBus } from '../../events/bus';
import { findPublicUser, findUserForLogin } from '../people/people.repository';
import { recordAudit } from '../system/audit.repository';
import type { Actor } from './actor';
import * as repo from './auth.repository';
import { verifyPassword } from './passwords';
import { checkLoginThrottle, LOGIN_WINDOW_SECONDS } from './throttle';
import { hashRefreshToken, newRefreshToken, type TokenSigner } from './tokens';

export interface AuthDeps {
  db: Kysely<Database>;
  bus: EventBus;
  signer: TokenSigner;
  sessionMaxAgeSeconds: number;
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

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  async login(email: string, password: string, client: Client): Promise<SignedIn> {
    const { db } = this.deps;
    const normalised = email.trim().toLowerCase();
    await checkLoginThrottle(db, normalised, client.ip);

    const found = await findUserForLogin(db, normalised);
    const passwordOk = await verifyPassword(found?.password_hash ?? null, password);
    if (!found || !passwordOk || !found.active) {
      await repo.recordLoginFailure(db, normalised, client.ip, LOGIN_WINDOW_SECONDS);
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

    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    await db.transaction().execute(async (trx) => {
      await repo.clearLoginFailures(trx, normalised);
      await repo.createSession(trx, {
        id: sessionId,
        userId: found.id,
        maxAgeSeconds: this.deps.sessionMaxAgeSeconds,
        ...client,
      });
      await repo.insertRefreshToken(trx, sessionId, refresh.hash);
      await recordAudit(trx, {
        actorUserId: found.id,
        action: 'auth.login',
        ip: client.ip,
        targetType: 'session',
        targetId: sessionId,
      });
    });
    const user = await findPublicUser(db, found.id);
    if (!user) throw invalidCredentials();
    const token = await this.deps.signer.sign({ userId: found.id, sessionId });
    return { token, refreshToken: refresh.token, user };
  }

  /** Resolves a bearer token to the acting person, checking the session is still live. */
  async authenticate(token: string, ip: string): Promise<Actor | undefined> {
    const claims = await this.deps.signer.verify(token);
    if (!claims) return undefined;
    const session = await repo.findLiveSession(this.deps.db, claims.sessionId, claims.userId);
    if (!session) return undefined;
    return { userId: session.user_id, role: session.role as Actor['role'], sessionId: session.id, ip };
  }

  async me(actor: Actor): Promise<User> {
    const user = await findPublicUser(this.deps.db, actor.userId);
    if (!user) throw unauthorized();
    return user;
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
    await db.transaction().execute(async (trx) => {
      const ended = await repo.revokeSessions(trx, sessionIds, reason);
      for (const id of ended) {
        await recordAudit(trx, {
          actorUserId,
          action: `auth.${reason}`,
          ip,
          targetType: 'session',
          targetId: id,
        });
      }
      if (ended.length > 0) await bus.publish({ kind: 'session_ended', sessionIds: ended }, trx);
    });
  }

  async endUserSessions(userId: number, reason: string, actorUserId: number, ip: string): Promise<void> {
    const ids = await repo.liveSessionIdsOfUser(this.deps.db, userId);
    await this.endSessions(ids, reason, actorUserId, ip);
  }

  /**
   * Rotates a refresh token. A token presented a second time means it was copied: the whole
   * session is revoked, so neither the thief nor the owner can go on with it.
   */
  async refresh(
    refreshToken: string | undefined,
    client: Client,
  ): Promise<{ token: string; refreshToken: string }> {
    if (!refreshToken) throw unauthorized('No session to refresh');
    const { db } = this.deps;
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await repo.lockRefreshToken(trx, hashRefreshToken(refreshToken));
      if (!row) return { kind: 'unknown' as const };
      if (row.used_at) {
        const ended = await repo.revokeSessions(trx, [row.session_id], 'refresh_reuse');
        await recordAudit(trx, {
          actorUserId: row.user_id,
          action: 'auth.refresh_reuse',
          ip: client.ip,
          targetType: 'session',
          targetId: row.session_id,
        });
        if (ended.length > 0) await this.deps.bus.publish({ kind: 'session_ended', sessionIds: ended }, trx);
        return { kind: 'reused' as const };
      }
      if (!row.session_live || !row.active) return { kind: 'ended' as const };
      await repo.markRefreshTokenUsed(trx, row.id);
      const next = newRefreshToken();
      await repo.insertRefreshToken(trx, row.session_id, next.hash);
      return {
        kind: 'ok' as const,
        userId: row.user_id,
        sessionId: row.session_id,
        refreshToken: next.token,
      };
    });
    if (outcome.kind !== 'ok') throw unauthorized('Your session has ended. Please sign in again.');
    const token = await this.deps.signer.sign({ userId: outcome.userId, sessionId: outcome.sessionId });
    return { token, refreshToken: outcome.refreshToken };
  }
}
