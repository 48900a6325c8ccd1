import { createHash, randomBytes } from 'node:crypto';
import type { Invitation } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { queueMail } from '../../core/outbox.repository';
import type { Database } from '../../db/schema';
import { insertInvitation, revokeOpenInvitations } from './invitations.repository';
import { linkMail } from './link-mails';
import { toInvitation } from './people.presenter';

/** How long a link to set a password stays valid. */
export const INVITATION_HOURS = 72;

/** Links are kept as SHA-256 of their token: the token itself is shown once, to the administrator. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkRequest {
  userId: number;
  /** 'invite' for someone who has never had a password, 'reset' for someone who has. */
  purpose: 'invite' | 'reset';
  /** Null when the person asked for the link themselves. */
  actorUserId: number | null;
  now: Date;
  /** Where the web app is served: PUBLIC_URL, or as the administrator's request reached it (https://host). */
  origin: string;
  /** Whom the link is mailed to (in the caller's transaction, through the outbox). */
  recipient: { firstName: string; email: string };
  /** The person asked for it themselves (forgot password): an hour, and the reset page. */
  selfService?: boolean;
}

/** A link the person asked for by mail lives an hour: the mailbox is the only thing that proves them. */
export const SELF_SERVICE_HOURS = 1;

/**
 * A new one-time link to set a person's password, inside the caller's transaction: 256 random
 * bits, 72 hours (one when they asked for it themselves); the person's older unused links stop
 * working. The link is mailed to them in the same transaction.
 */
export async function issueLink(trx: Kysely<Database>, request: LinkRequest): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const hours = request.selfService ? SELF_SERVICE_HOURS : INVITATION_HOURS;
  const expiresAt = new Date(request.now.getTime() + hours * 3600_000);
  await revokeOpenInvitations(trx, request.userId, request.now);
  await insertInvitation(trx, {
    userId: request.userId,
    purpose: request.purpose,
    tokenHash: hashInviteToken(token),
    createdBy: request.actorUserId,
    createdAt: request.now,
    expiresAt,
  });
  const link = toInvitation(
    request.origin,
    token,
    expiresAt,
    request.selfService ? 'reset-password' : 'invite',
  );
  await queueMail(trx, {
    ...linkMail(
      request.purpose,
      request.selfService ?? false,
      request.recipient.firstName,
      link.inviteUrl,
      hours,
    ),
    to: request.recipient.email,
    userId: request.userId,
  });
  return link;
}
