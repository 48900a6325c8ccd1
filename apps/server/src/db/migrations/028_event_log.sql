-- One durable log of domain events. A row is written by the transaction that causes the event,
-- so it exists exactly when the change does; NOTIFY only wakes the processes that read the log.
CREATE TABLE event_log (
  seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  txid       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- The event as the bus publishes it: {kind, ...}, a live one with its type, data and audience.
  event      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_log_txid ON event_log (txid, seq);

-- The order transactions that logged events committed in. Identity order alone is not it: a
-- transaction that takes seq 10 can commit after one that took 11 was read, and a reader going
-- by seq would never go back for 10. So each such transaction, as it commits, takes the next
-- `pos` under a lock it holds until its commit is visible: `pos` order is commit order, and a
-- reader that remembers the last (pos, seq) it delivered never skips an event.
CREATE SEQUENCE event_log_pos;
CREATE TABLE event_log_commit (
  txid       xid8 PRIMARY KEY,
  -- Set as the transaction commits; no other transaction ever sees it unset.
  pos        bigint UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- How far the log has been pruned: a reader whose position is at or before it missed events.
CREATE TABLE event_log_horizon (
  only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  pos        bigint NOT NULL,
  seq        bigint NOT NULL
);
INSERT INTO event_log_horizon (pos, seq) VALUES (0, 0);

-- Every statement that logs events notes its transaction (once: later ones find the row).
CREATE FUNCTION event_log_note_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_log_commit (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER event_log_note_commit AFTER INSERT ON event_log
  FOR EACH STATEMENT EXECUTE FUNCTION event_log_note_commit();

-- Runs at commit, once per transaction (its one row): numbers the commit and wakes the readers.
-- The lock is taken last thing before the commit, so it waits on nothing but other commits and
-- cannot deadlock; it serialises only the commits of transactions that log events.
CREATE FUNCTION event_log_number_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7150229);
  UPDATE event_log_commit SET pos = nextval('event_log_pos') WHERE txid = NEW.txid;
  PERFORM pg_notify('atrium_events', '');
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER event_log_number_commit AFTER INSERT ON event_log_commit
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_log_number_commit();

-- Logs one event from inside an expression (a statement that announces each row it changes).
CREATE FUNCTION event_log_append(event jsonb) RETURNS bigint LANGUAGE sql VOLATILE AS $$
  INSERT INTO event_log (event) VALUES (event) RETURNING seq;
$$;

-- How far each running process has read the log. A change that must hold everywhere at once (a
-- session ended, a role changed) waits before its answer until every reader heard from lately is
-- past it. Unlogged: a crash empties it, and readers write their place again within seconds.
CREATE UNLOGGED TABLE event_log_readers (
  id      uuid PRIMARY KEY,
  pos     bigint NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
