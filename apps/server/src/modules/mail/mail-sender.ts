import type { Kysely } from 'kysely';
import { pollEvery } from '../../core/poll';
import type { Database } from '../../db/schema';
import { claimDueMail, markMailFailed, markMailSent } from './outbox.repository';
import { type MailTransport, PermanentMailError } from './smtp-transport';

export interface MailSenderOptions {
  /** The wait after a first failed attempt; each further one doubles it (30 s unless given). */
  retryBaseMs?: number;
  /** The longest wait between attempts (an hour unless given). */
  retryMaxMs?: number;
  /** Attempts before a message is given up (12 unless given: about seven hours of outage). */
  maxAttempts?: number;
}

type Outcome = 'sent' | 'failed' | 'none';

/**
 * Delivers the outbox: each message in a transaction of its own that locks its row, hands it to
 * SMTP and marks it sent before committing. So no message is lost (it stays in the table until
 * marked), and none is sent twice by two processes (the lock) or after it was marked. What is left
 * is a process that dies after the SMTP server said yes but before the commit: the message is
 * sent again, with the same Message-ID, which receiving systems use to recognise it.
 */
export class MailSender {
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly maxAttempts: number;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    options: MailSenderOptions = {},
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.maxAttempts = options.maxAttempts ?? 12;
  }

  /**
   * Sends the messages due now, one after another; returns how many went. Stops at the first
   * failure: a server that is down fails the next message too, and its retry is scheduled.
   * Calls while one runs share it.
   */
  sendDue(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Polls every `everyMs` until the returned stop is called. */
  start(everyMs: number, onError: (error: unknown) => void): () => void {
    return pollEvery(everyMs, () => this.sendDue(), onError);
  }

  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const outcome = await this.sendOne();
      if (outcome !== 'sent') return sent;
      sent += 1;
    }
  }

  private sendOne(): Promise<Outcome> {
    return this.db.transaction().execute(async (trx) => {
      const mail = await claimDueMail(trx);
      if (!mail) return 'none';
      const attempts = mail.attempts + 1;
      try {
        await this.transport.send({
          id: mail.id,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
        });
      } catch (error) {
        const giveUp = error instanceof PermanentMailError || attempts >= this.maxAttempts;
        await markMailFailed(trx, mail.id, {
          attempts,
          error: String((error as Error)?.message ?? error).slice(0, 500),
          retryInMs: giveUp ? undefined : this.backoff(attempts),
        });
        return 'failed';
      }
      await markMailSent(trx, mail.id, attempts);
      return 'sent';
    });
  }

  /** 1, 2, 4 ... times the base after the 1st, 2nd, 3rd ... failure, capped. */
  private backoff(attempts: number): number {
    return Math.min(this.retryBaseMs * 2 ** (attempts - 1), this.retryMaxMs);
  }
}
