import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Whom the leave domain's mails go to (leave-mails.ts). Every leave mail is optional, so only
 * people who kept `mail_leave_updates` on (Profile) are found.
 */

export interface Recipient {
  id: number;
  first_name: string;
  email: string;
}

export async function activePeople(trx: Kysely<Database>, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('id', 'in', ids)
    .where('active', '=', true)
    .where('mail_leave_updates', '=', true)
    .execute();
}

/** The administrators who decide an application at their step: all active ones but the applicant. */
export async function activeAdmins(trx: Kysely<Database>, except: number): Promise<Recipient[]> {
  return trx
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .where('id', '!=', except)
    .where('mail_leave_updates', '=', true)
    .execute();
}
