import { type Kysely, sql } from 'kysely';
import type { MailKind } from '../../core/mail';
import type { Database } from '../../db/schema';

/*
 * The outbox's SQL beside the sender and the admins' list (the rows are written by
 * core/outbox.repository.ts, in the transactions of the changes that cause them). Times of the
 * queue are the database's now(): every process agrees on it, whatever clock a process runs.
 */

export interface DueMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * The oldest message due now, locked for the caller's transaction. SKIP LOCKED: another process
 * sending a message at this moment neither blocks this one nor gets the same row.
 */
export async function claimDueMail(trx: Kysely<Database>): Promise<DueMail | undefined> {
  return trx
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function markMailSent(trx: Kysely<Database>, id: string, attempts: number): Promise<void> {
  await trx
    .updateTable('mail_outbox')
    .set({ sent_at: sql`now()`, attempts, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again after `retryInMs`, or given up when `retryInMs` is undefined. */
export async function markMailFailed(
  trx: Kysely<Database>,
  id: string,
  attempt: { attempts: number; error: string; retryInMs: number | undefined },
): Promise<void> {
  await trx
    .updateTable('mail_outbox')
    .set({
      attempts: attempt.attempts,
      last_error: attempt.error,
      ...(attempt.retryInMs === undefined
        ? { failed_at: sql`now()` }
        : { next_attempt_at: sql`now() + make_interval(secs => ${attempt.retryInMs / 1000})` }),
    })
    .where('id', '=', id)
    .execute();
}

export interface OutboxRow {
  id: string;
  seq: number;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
}

/** A page of the outbox, newest first, after the row numbered `beforeSeq`; one row more than `limit`. */
export async function outboxPage(
  db: Kysely<Database>,
  beforeSeq: number | undefined,
  limit: number,
): Promise<OutboxRow[]> {
  let query = db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'seq',
      'kind',
      'to_address',
      'subject',
      'text_body',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'failed_at',
    ])
    .orderBy('seq', 'desc')
    .limit(limit + 1);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  return (await query.execute()) as OutboxRow[];
}
