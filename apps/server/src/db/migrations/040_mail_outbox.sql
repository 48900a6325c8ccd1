-- Mail (issue 33). Every message is a row written in the transaction of the change that causes it,
-- so a rolled-back change mails nobody and a committed one cannot lose its message. The sender
-- claims due rows with FOR UPDATE SKIP LOCKED (several processes share the work without sending a
-- row twice) and marks a row sent in the transaction that holds its lock.
CREATE TABLE mail_outbox (
  -- Also the message's Message-ID: a retry after a crash between the SMTP answer and the commit
  -- carries the same id, so receiving systems can tell it is the same message.
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order of the admins' Outbox list, and its keyset: newest first, paged by seq alone.
  seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  kind             text NOT NULL
                   CHECK (kind IN ('invitation', 'password_reset', 'leave_submitted', 'leave_decided')),
  user_id          integer REFERENCES users (id),
  to_address       text NOT NULL,
  subject          text NOT NULL,
  text_body        text NOT NULL,
  html_body        text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  -- Given up after the last attempt (or refused for good by the server): kept, not retried.
  failed_at        timestamptz,
  last_error       text
);
-- What the sender looks for: only rows still waiting, so the index stays the size of the queue.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Forgot-password requests, counted per address and per client address to throttle them. The
-- address is kept as a SHA-256 (an address typed by anyone need not sit in the database).
CREATE TABLE password_reset_requests (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_hash  text NOT NULL,
  ip          text NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email_hash, at);
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip, at);
CREATE INDEX password_reset_requests_at_idx ON password_reset_requests (at);
