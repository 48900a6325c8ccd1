import type { Invitation, InviteInfoResponse } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { liveSessionIdsOfUser } from '../auth/auth.repository';
import { assertAcceptablePassword } from '../auth/password-rules';
import { hashPassword } from '../auth/passwords';
import type { SessionCache } from '../auth/session-cache';
import { endSessionsIn } from '../auth/session-end';
import { AddressWindow } from './address-window';
import { hashInviteToken, issueLink } from './invitation-links';
import { findUsableInvitation, markInvitationUsed } from './invitations.repository';
import { findPerson, setPasswordHash } from './people.repository';

/** One answer for every link that cannot be used, so it tells nothing about who exists. */
const REFUSAL =
  'This link cannot be used: it has expired, was already used or was replaced by a newer one. Ask your administrator for a new link.';
const refused = () =>
  new AppError('validation_failed', REFUSAL, [{ field: 'token', rule: 'usable_link', message: REFUSAL }]);

/**
 * One-time links to set a password: an administrator makes one (an invitation for a new person,
 * a reset for someone who has a password), the person opens it and chooses a password.
 *
 * A reset ends the person's sessions the moment the link is made, but their old password keeps
 * working until the link is used: a link made by mistake locks nobody out, and a stolen session
 * is ended at once all the same.
 */
export class InvitationService {
  /** Public lookups and uses per address: tokens are 256-bit, this only keeps the endpoints cheap. */
  private readonly attempts: AddressWindow;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly sessions: SessionCache,
  ) {
    this.attempts = new AddressWindow({ limit: 30, windowMs: 60_000, now: clock.now });
  }

  async issue(actor: Actor, userId: number, origin: string): Promise<Invitation> {
    authorize(actor, 'people.manage');
    const now = this.clock.now();
    const { link, ended } = await this.db.transaction().execute(async (trx) => {
      const person = await findPerson(trx, userId, true);
      if (!person) throw notFound('Person');
      if (!person.active) {
        throw new AppError(
          'conflict',
          `${person.first_name} ${person.last_name} is disabled: enable them first`,
        );
      }
      const purpose = person.has_password ? 'reset' : 'invite';
      const link = await issueLink(trx, {
        userId,
        purpose,
        actorUserId: actor.userId,
        now,
        origin,
        recipient: { firstName: person.first_name, email: person.email },
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.invitation_created',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: { purpose, expiresAt: link.expiresAt },
      });
      const ended =
        purpose === 'reset'
          ? await endSessionsIn(trx, this.bus, await liveSessionIdsOfUser(trx, userId), {
              reason: 'password_reset',
              actorUserId: actor.userId,
              ip: actor.ip,
              at: now,
            })
          : [];
      return { link, ended };
    });
    this.sessions.forgetSessions(ended);
    return link;
  }

  async info(token: string, ip: string): Promise<InviteInfoResponse> {
    this.attempts.admit(ip);
    const link = await findUsableInvitation(this.db, hashInviteToken(token), this.clock.now());
    if (!link) throw refused();
    return { first_name: link.first_name, email: link.email };
  }

  /**
   * Sets the link's password, once; any session the person still had ends. `via` names the
   * endpoint in the audit: the invitation page's, or the reset page's (forgot password).
   */
  async accept(
    token: string,
    password: string,
    ip: string,
    via: 'accept_invite' | 'reset_password' = 'accept_invite',
  ): Promise<void> {
    this.attempts.admit(ip);
    const tokenHash = hashInviteToken(token);
    if (!(await findUsableInvitation(this.db, tokenHash, this.clock.now()))) throw refused();
    assertAcceptablePassword(password);
    // Hashing takes tens of milliseconds: done before the transaction, which only holds its locks briefly.
    const passwordHash = await hashPassword(password);
    const ended = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const link = await findUsableInvitation(trx, tokenHash, now, true);
      if (!link) throw refused();
      await setPasswordHash(trx, link.user_id, passwordHash);
      await markInvitationUsed(trx, link.id, now);
      await recordAudit(trx, {
        actorUserId: link.user_id,
        action: 'user.password_set',
        targetType: 'user',
        targetId: link.user_id,
        ip,
        details: { purpose: link.purpose, via },
      });
      return endSessionsIn(trx, this.bus, await liveSessionIdsOfUser(trx, link.user_id), {
        reason: 'password_set',
        actorUserId: link.user_id,
        ip,
        at: now,
      });
    });
    this.sessions.forgetSessions(ended);
  }
}
