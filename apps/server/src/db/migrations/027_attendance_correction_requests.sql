-- Staff ask for a correction of one of their past days (a missed check-out, a wrong time); an
-- administrator approves it (the times are then written to attendance_records) or rejects it.
CREATE TABLE attendance_correction_requests (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The organisation's local date the request is about.
  date             date NOT NULL,
  -- The record the day had when the request was made, or the one approval wrote; null for a
  -- missed day. History, not a link: no foreign key, so removing a record (or truncating
  -- attendance_records, which its rollup triggers allow) never waits on or rewrites requests.
  record_id        integer,
  -- What the person asks for; a time left null is not to be changed.
  check_in_time    timestamptz,
  check_out_time   timestamptz,
  reason           text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  decided_by       integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at       timestamptz,
  decision_reason  text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (check_in_time IS NOT NULL OR check_out_time IS NOT NULL),
  -- The same limits attendance_records puts on a shift.
  CHECK (check_out_time IS NULL OR check_in_time IS NULL OR check_out_time >= check_in_time),
  CHECK (check_out_time IS NULL OR check_in_time IS NULL
         OR check_out_time - check_in_time <= interval '24 hours'),
  -- Never about a future day. "Today" is the organisation's zone, which the service checks; the
  -- table can only say that no zone (at most 14 hours ahead of UTC) is past the next UTC day.
  CHECK (date <= (created_at AT TIME ZONE 'UTC')::date + 1),
  -- A pending request has no decision; every other state records when it ended.
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (decision_reason IS NULL OR status <> 'pending')
);

-- One open request per person and day: a second one would race the first at approval.
CREATE UNIQUE INDEX attendance_correction_requests_one_pending
  ON attendance_correction_requests (user_id, date) WHERE status = 'pending';
-- A person's own list, newest first.
CREATE INDEX attendance_correction_requests_user_idx ON attendance_correction_requests (user_id, id DESC);
-- The administrators' queue, oldest first.
CREATE INDEX attendance_correction_requests_pending_idx ON attendance_correction_requests (id)
  WHERE status = 'pending';
