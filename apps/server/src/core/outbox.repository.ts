import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { composeMail, type MailContent, type MailKind } from './mail';

/**
 * The organisation's name as its settings hold it (the organisation module writes it under this
 * key); read here because every level below the organisation module mails in its name too.
 */
const ORGANISATION_NAME_KEY = 'organisation_name';

export interface QueuedMail extends MailContent {
  kind: MailKind;
  to: string;
  /** The person it is for, when it is for one. */
  userId?: number;
}

async function organisationName(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', ORGANISATION_NAME_KEY)
    .executeTakeFirst();
  return typeof row?.value === 'string' && row.value.length > 0 ? row.value : 'Atrium';
}

/**
 * Queues a message in the caller's transaction: it exists exactly when the change that causes it
 * commits, and the mail sender (modules/mail) delivers it afterwards, retrying until it is sent.
 */
export async function queueMail(trx: Kysely<Database>, mail: QueuedMail): Promise<void> {
  await queueMails(trx, [mail]);
}

/**
 * Several messages in one INSERT (and one read of the organisation's name): for callers on a
 * busy path, such as the access ingest mailing every opted-in administrator about a forced door.
 */
export async function queueMails(trx: Kysely<Database>, mails: QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  const name = await organisationName(trx);
  await trx
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => {
        const composed = composeMail(name, mail);
        return {
          kind: mail.kind,
          user_id: mail.userId ?? null,
          to_address: mail.to,
          subject: composed.subject,
          text_body: composed.text,
          html_body: composed.html,
        };
      }),
    )
    .execute();
}
