import type { OutboxQuery, OutboxResponse } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { toOutboxMessage } from './mail.presenter';
import { outboxPage } from './outbox.repository';

/** Cursors are the last row's sequence number, opaque to clients all the same. */
const encodeCursor = (seq: number) => Buffer.from(`o${seq}`).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const m = /^o(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) {
    const message = 'The cursor must be one returned by the previous page';
    throw new AppError('validation_failed', message, [{ field: 'cursor', rule: 'format', message }]);
  }
  return Number(m[1]);
}

/** What Atrium mailed, or would have with an SMTP server: for administrators. */
export class OutboxService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly smtpConfigured: boolean,
  ) {}

  async list(actor: Actor, query: OutboxQuery): Promise<OutboxResponse> {
    authorize(actor, 'organisation.manage');
    const limit = query.limit ?? 50;
    const rows = await outboxPage(this.db, decodeCursor(query.cursor), limit);
    const more = rows.length > limit;
    const items = more ? rows.slice(0, limit) : rows;
    const last = items[items.length - 1];
    return {
      messages: items.map(toOutboxMessage),
      next_cursor: more && last ? encodeCursor(last.seq) : null,
      smtp_configured: this.smtpConfigured,
    };
  }
}
