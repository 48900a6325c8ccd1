import { z } from 'zod';
import { KeysetPageQuery } from './common';
import { endpoint } from './endpoint';

/** What a message is about: each is written in the transaction of the change that causes it. */
export const MailKind = z.enum([
  'invitation',
  'password_reset',
  'leave_submitted',
  'leave_decided',
  'leave_escalated',
  'device_offline',
  'door_forced_open',
]);
export type MailKind = z.infer<typeof MailKind>;

/**
 * Where a message stands: `waiting` for the sender (or for an SMTP server: none is configured),
 * `retrying` after a failed attempt, `sent` once the SMTP server took it, `failed` when it was
 * given up.
 */
export const MailStatus = z.enum(['waiting', 'retrying', 'sent', 'failed']);
export type MailStatus = z.infer<typeof MailStatus>;

export const OutboxMessage = z.object({
  /** Also the message's Message-ID. */
  id: z.string(),
  kind: MailKind,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: MailStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = KeysetPageQuery;
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxResponse = z.object({
  messages: z.array(OutboxMessage),
  next_cursor: z.string().nullable(),
  /** Whether an SMTP server is configured: without one, messages wait here and are never sent. */
  smtp_configured: z.boolean(),
});
export type OutboxResponse = z.infer<typeof OutboxResponse>;

export const mailApi = {
  outbox: endpoint({
    method: 'GET',
    path: '/mail/outbox',
    audience: 'admin',
    summary: 'The messages Atrium wrote, newest first (keyset pages), and whether each was sent',
    query: OutboxQuery,
    response: OutboxResponse,
  }),
};
