import { createHash, randomBytes } from 'node:crypto';
import type { Invitation } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertInvitation, revokeOpenInvitations } from './invitations.repository';
import { toInvitation } from './people.presenter';

/** How long a link to set a password stays valid. */
export const INVITATION_HOURS = 72;

/** Links are kept as SHA-256 of their token: the token itself is shown once, to the administrator. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkRequest {
  userId: number;
  /** 'invite' for someone who has never had a password, 'reset' for someone who has. */
  purpose: 'invite' | 'reset';
  actorUserId: number;
  now: Date;
  /** Where the web app is served, as the administrator's request reached it (https://host). */
  origin: string;
}

/**
 * A new one-time link to set a person's password, inside the caller's transaction: 256 random
 * bits, 72 hours; the person's older unused links stop working.
 */
export async function issueLink(trx: Kysely<Database>, request: LinkRequest): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(request.now.getTime() + INVITATION_HOURS * 3600_000);
  await revokeOpenInvitations(trx, request.userId, request.now);
  await insertInvitation(trx, {
    userId: request.userId,
    purpose: request.purpose,
    tokenHash: hashInviteToken(token),
    createdBy: request.actorUserId,
    createdAt: request.now,
    expiresAt,
  });
  return toInvitation(request.origin, token, expiresAt);
}
