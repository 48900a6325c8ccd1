-- A manager hands their approvals to someone for a period (issue 31): from starts_on to ends_on
-- (the organisation's dates, both included) the delegate reaches the manager's team and decides
-- its leave, each decision recording on whose behalf. One delegation per manager at a time.
CREATE TABLE delegations (
  manager_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  delegate_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT delegations_period CHECK (ends_on >= starts_on),
  CONSTRAINT delegations_not_self CHECK (delegate_id <> manager_id)
);

-- "Whose approvals does this person hold today": every session read of a delegate asks it.
CREATE INDEX delegations_delegate_idx ON delegations (delegate_id, ends_on);

-- Who a decision was made for, when a delegate made it; null when the decider decided for themselves.
ALTER TABLE leave_applications ADD COLUMN decided_on_behalf_of integer REFERENCES users (id);
