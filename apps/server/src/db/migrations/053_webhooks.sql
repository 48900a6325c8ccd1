-- Signed webhooks (issue 34). A fan-out worker reads the event log after its cursor and, in the
-- transaction that advances the cursor, writes one delivery per matching enabled subscription:
-- a crash either keeps both or neither, so no event is lost or delivered twice. Every serving
-- process then sends due deliveries, claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE webhook_subscriptions (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url                  text NOT NULL,
  description          text,
  event_types          text[] NOT NULL,
  -- The signing secret (whsec_...), encrypted with the device credentials key (AES-256-GCM):
  -- a dump of the database alone cannot forge Atrium's messages.
  secret               text NOT NULL,
  enabled              boolean NOT NULL DEFAULT true,
  -- Why Atrium turned it off (repeated failure); null when an administrator did or it is on.
  disabled_reason      text,
  created_by           integer REFERENCES users (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  -- Failed attempts since the last success, and when the first of them was: the disabling rule.
  consecutive_failures integer NOT NULL DEFAULT 0,
  failing_since        timestamptz
);

CREATE TABLE webhook_deliveries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id  integer NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  -- The webhook-id header: msg_<log pos>_<log seq> for an event, the same on every retry and on
  -- every redelivery (which is a row of its own, pointing at the delivery it repeats).
  message_id       text NOT NULL,
  redelivery_of    bigint REFERENCES webhook_deliveries (id) ON DELETE SET NULL,
  event_type       text NOT NULL,
  -- The body as sent, {type, timestamp, data}: every attempt sends the same bytes.
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed', 'abandoned')),
  attempts         integer NOT NULL DEFAULT 0,
  -- When it is due (again); for `delivering`, when a process that died meanwhile is given up on.
  next_attempt_at  timestamptz,
  last_status_code integer,
  last_response_ms integer,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz
);
-- One delivery of an event per subscription, whatever the fan-out does (redeliveries aside).
CREATE UNIQUE INDEX webhook_deliveries_message_idx
  ON webhook_deliveries (subscription_id, message_id) WHERE redelivery_of IS NULL;
-- The log of one subscription, newest first.
CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, id DESC);
-- What the senders look for: only rows still to send, so the index stays the size of the queue.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'delivering', 'failed');

-- Where the fan-out has read the event log to; the log is not pruned past it while any
-- subscription exists. It starts at the log's head: no subscription existed before.
CREATE TABLE webhook_cursor (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  pos      bigint NOT NULL,
  seq      bigint NOT NULL
);
INSERT INTO webhook_cursor (pos, seq)
SELECT pos, seq FROM (
  (SELECT c.pos, e.seq FROM event_log_commit c JOIN event_log e USING (txid)
   WHERE c.pos IS NOT NULL ORDER BY c.pos DESC, e.seq DESC LIMIT 1)
  UNION ALL
  (SELECT pos, seq FROM event_log_horizon)
) AS candidates
ORDER BY pos DESC, seq DESC LIMIT 1;
