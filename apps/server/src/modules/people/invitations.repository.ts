import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewInvitation {
  userId: number;
  purpose: 'invite' | 'reset';
  tokenHash: string;
  createdBy: number | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Revokes the person's links not used yet: only the newest one may set their password. */
export async function revokeOpenInvitations(db: Kysely<Database>, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('user_invitations')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInvitation(db: Kysely<Database>, invitation: NewInvitation): Promise<void> {
  await db
    .insertInto('user_invitations')
    .values({
      user_id: invitation.userId,
      purpose: invitation.purpose,
      token_hash: invitation.tokenHash,
      created_by: invitation.createdBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
    })
    .execute();
}

/**
 * The link with this token hash if it can still be used at `now`: neither used, replaced nor
 * expired, and its person active. `forUpdate` locks it, so two uses of one link cannot both pass.
 */
export async function findUsableInvitation(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  forUpdate = false,
) {
  let query = db
    .selectFrom('user_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id', 'i.purpose', 'u.first_name', 'u.email'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .where('u.active', '=', true);
  if (forUpdate) query = query.forUpdate('i');
  return query.executeTakeFirst();
}

export async function markInvitationUsed(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('user_invitations').set({ used_at: at }).where('id', '=', id).execute();
}
