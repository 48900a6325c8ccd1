import type {
  ChangePasswordRequest,
  MailPreferencesRequest,
  MailPreferencesResponse,
  Profile,
  SessionInfo,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound, unauthorized } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import {
  findCredentials,
  findMailPreferences,
  findProfile,
  listLiveSessionsOf,
  otherLiveSessionIds,
  ownsLiveSession,
  replaceMailPreferences,
  replacePasswordHash,
} from './account.repository';
import { toProfile, toSessionInfo } from './auth.presenter';
import { clearLoginFailuresFrom, pruneLoginFailures } from './auth.repository';
import { assertAcceptablePassword } from './password-rules';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionCache } from './session-cache';
import { endSessionsIn } from './session-end';
import { admitLoginAttempt, LOGIN_WINDOW_SECONDS } from './throttle';

function fieldError(field: string, rule: string, message: string): AppError {
  return new AppError('validation_failed', message, [{ field, rule, message }]);
}

/**
 * A signed-in person's own account: their details, their password, their sessions. Every
 * function acts on the actor alone; a session id of someone else's is answered as unknown.
 */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly sessions: SessionCache,
  ) {}

  async profile(actor: Actor): Promise<Profile> {
    authorize(actor, 'account.self');
    const row = await findProfile(this.db, actor.userId, (await this.clock.today()).date);
    if (!row) throw unauthorized();
    return toProfile(row);
  }

  /**
   * The current password is checked as a sign-in would be, throttled by the same per-account
   * counter, so this form is no way around the login's slowing of guesses. On success every
   * other session of the person ends; this one stays.
   */
  async changePassword(actor: Actor, input: ChangePasswordRequest): Promise<{ endedSessions: number }> {
    authorize(actor, 'account.self');
    // Refused before the current password is tried: a request bound to fail costs no attempt.
    assertAcceptablePassword(input.newPassword, 'newPassword');
    const credentials = await findCredentials(this.db, actor.userId);
    if (!credentials) throw unauthorized();
    const { email, password_hash: storedHash } = credentials;
    await admitLoginAttempt(this.db, email, actor.ip, this.clock.now);

    if (!storedHash || !(await verifyPassword(storedHash, input.currentPassword))) {
      const windowStart = new Date(this.clock.now().getTime() - LOGIN_WINDOW_SECONDS * 1000);
      await pruneLoginFailures(this.db, email, actor.ip, windowStart);
      await recordAudit(this.db, {
        actorUserId: actor.userId,
        action: 'password.change_failed',
        ip: actor.ip,
        targetType: 'user',
        targetId: actor.userId,
        details: { reason: 'wrong_current_password' },
      });
      throw fieldError('currentPassword', 'incorrect', 'That is not your current password');
    }
    await clearLoginFailuresFrom(this.db, email, actor.ip);
    if (input.newPassword === input.currentPassword) {
      throw fieldError('newPassword', 'differs', 'The new password must differ from your current one');
    }

    const newHash = await hashPassword(input.newPassword);
    const ended = await this.db.transaction().execute(async (trx) => {
      if (!(await replacePasswordHash(trx, actor.userId, storedHash, newHash))) {
        throw new AppError('conflict', 'Your password was changed meanwhile. Sign in again if needed.');
      }
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'password.changed',
        ip: actor.ip,
        targetType: 'user',
        targetId: actor.userId,
      });
      const others = await otherLiveSessionIds(trx, actor.userId, actor.sessionId, this.clock.now());
      return endSessionsIn(trx, this.bus, others, this.ending(actor, 'password_changed'));
    });
    // This process at once; the others (and this one again) when the event arrives.
    this.sessions.forgetSessions(ended);
    return { endedSessions: ended.length };
  }

  async liveSessions(actor: Actor): Promise<SessionInfo[]> {
    authorize(actor, 'account.self');
    const rows = await listLiveSessionsOf(this.db, actor.userId, actor.sessionId, this.clock.now());
    return rows.map((row) => toSessionInfo(row, actor.sessionId));
  }

  /** Ends one of the actor's own sessions (this one too); anyone else's is "not found". */
  async endSession(actor: Actor, sessionId: string): Promise<void> {
    authorize(actor, 'account.self');
    const ended = await this.db.transaction().execute(async (trx) => {
      if (!(await ownsLiveSession(trx, actor.userId, sessionId, this.clock.now()))) throw notFound('Session');
      return endSessionsIn(trx, this.bus, [sessionId], this.ending(actor, 'ended_by_owner'));
    });
    this.sessions.forgetSessions(ended);
  }

  /** "Sign out everywhere else": every live session of the actor but this one. */
  async endOtherSessions(actor: Actor): Promise<{ endedSessions: number }> {
    authorize(actor, 'account.self');
    const ended = await this.db.transaction().execute(async (trx) => {
      const others = await otherLiveSessionIds(trx, actor.userId, actor.sessionId, this.clock.now());
      return endSessionsIn(trx, this.bus, others, this.ending(actor, 'ended_by_owner'));
    });
    this.sessions.forgetSessions(ended);
    return { endedSessions: ended.length };
  }

  /** The actor's own choice of optional mails; device alerts read as off for a non-administrator. */
  async mailPreferences(actor: Actor): Promise<MailPreferencesResponse> {
    authorize(actor, 'account.self');
    const row = await findMailPreferences(this.db, actor.userId);
    if (!row) throw unauthorized();
    return this.presentPreferences(actor, row);
  }

  /**
   * Sets the actor's own choice (there is no way to name anyone else), audited with before and
   * after. Device alerts are for administrators: anyone else asking for them is told so.
   */
  async updateMailPreferences(actor: Actor, input: MailPreferencesRequest): Promise<MailPreferencesResponse> {
    authorize(actor, 'account.self');
    if (input.mail_device_alerts && actor.role !== 'admin') {
      throw fieldError('mail_device_alerts', 'admin_only', 'Device alerts are mailed to administrators only');
    }
    const values = {
      mail_leave_updates: input.mail_leave_updates,
      mail_device_alerts: actor.role === 'admin' && input.mail_device_alerts,
    };
    await this.db.transaction().execute(async (trx) => {
      const before = await replaceMailPreferences(trx, actor.userId, values);
      if (!before) throw unauthorized();
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'account.mail_preferences_changed',
        ip: actor.ip,
        targetType: 'user',
        targetId: actor.userId,
        details: { before, after: values },
      });
    });
    return this.presentPreferences(actor, values);
  }

  private presentPreferences(
    actor: Actor,
    row: { mail_leave_updates: boolean; mail_device_alerts: boolean },
  ): MailPreferencesResponse {
    const offered = actor.role === 'admin';
    return {
      preferences: {
        mail_leave_updates: row.mail_leave_updates,
        // An admin who opted in and was then demoted is mailed nothing (alert-mails.ts asks for
        // the role); saying "off" keeps the page honest.
        mail_device_alerts: offered && row.mail_device_alerts,
      },
      device_alerts_offered: offered,
    };
  }

  private ending(actor: Actor, reason: string) {
    return { reason, actorUserId: actor.userId, ip: actor.ip, at: this.clock.now() };
  }
}
