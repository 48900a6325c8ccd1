import type { MailStatus, OutboxMessage } from '@atrium/contract';
import type { OutboxRow } from './outbox.repository';

function statusOf(row: OutboxRow): MailStatus {
  if (row.sent_at) return 'sent';
  if (row.failed_at) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'waiting';
}

/** One row of the admins' Outbox list: the plain-text body, never the HTML (the web app shows text). */
export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  status: statusOf(row),
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
});
