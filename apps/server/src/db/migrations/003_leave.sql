-- Leave: types with their policies, applications, and the balance ledger.
-- A balance is never a number typed into a row: it is the sum of ledger lines, so every
-- figure a person sees can be explained line by line.

-- Trusted extension (PostgreSQL 13+): lets the database refuse overlapping leave itself.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE leave_types (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  leave_name         text NOT NULL CHECK (btrim(leave_name) <> '' AND length(leave_name) <= 80),
  leave_code         text NOT NULL CHECK (leave_code ~ '^[A-Z][A-Z0-9_]{0,15}$'),
  -- 0 means "no limit": such leave is tracked but never counted against a balance.
  max_days_per_year  integer NOT NULL CHECK (max_days_per_year BETWEEN 0 AND 366),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX leave_types_name_key ON leave_types (lower(leave_name));
CREATE UNIQUE INDEX leave_types_code_key ON leave_types (leave_code);

-- One policy per type; deleting a type takes its policy with it.
CREATE TABLE leave_policies (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  leave_type_id       integer NOT NULL UNIQUE REFERENCES leave_types (id) ON DELETE CASCADE,
  description         text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  carry_forward       boolean NOT NULL DEFAULT false,
  carry_forward_cap   integer NOT NULL DEFAULT 0 CHECK (carry_forward_cap BETWEEN 0 AND 366),
  requires_approval   boolean NOT NULL DEFAULT true,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (carry_forward OR carry_forward_cap = 0)
);

CREATE TABLE leave_applications (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id),
  -- RESTRICT: a type somebody applied for cannot disappear from under its history.
  leave_type_id   integer NOT NULL REFERENCES leave_types (id) ON DELETE RESTRICT,
  start_date      date NOT NULL,
  end_date        date NOT NULL,
  -- Inclusive duration, as the product counts it: end - start + 1.
  days_requested  integer GENERATED ALWAYS AS (end_date - start_date + 1) STORED,
  reason          text NOT NULL CHECK (btrim(reason) <> '' AND length(reason) <= 2000),
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  applied_at      timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Who decided (NULL for an automatic approval), when, and what they said.
  decided_by      integer REFERENCES users (id),
  decided_at      timestamptz,
  admin_comments  text CHECK (admin_comments IS NULL OR length(admin_comments) <= 1000),
  CHECK (end_date >= start_date),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'pending' OR decided_by IS NULL),
  -- Nobody holds two live applications for the same day, whatever the timing.
  CONSTRAINT leave_applications_no_overlap EXCLUDE USING gist (
    user_id WITH =, daterange(start_date, end_date, '[]') WITH &&
  ) WHERE (status IN ('pending', 'approved'))
);
CREATE INDEX leave_applications_status_idx ON leave_applications (status, applied_at DESC);
CREATE INDEX leave_applications_user_idx ON leave_applications (user_id, start_date DESC);
CREATE INDEX leave_applications_dates_idx ON leave_applications (start_date, end_date);

-- The ledger. Each line moves days between three buckets of one person's type and year:
-- entitled (entitlement, carry forward, adjustment), pending and used. Balance lines:
--   entitled = sum(entitled_days), used = sum(used_days), pending = sum(pending_days),
--   remaining = entitled - used - pending.
CREATE TABLE leave_ledger (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id),
  leave_type_id   integer NOT NULL REFERENCES leave_types (id) ON DELETE CASCADE,
  leave_year      integer NOT NULL CHECK (leave_year BETWEEN 2000 AND 2200),
  kind            text NOT NULL CHECK (kind IN ('entitlement', 'carry_forward', 'adjustment',
                  'application_pending', 'application_approved', 'application_rejected',
                  'application_cancelled')),
  application_id  integer REFERENCES leave_applications (id) ON DELETE RESTRICT,
  entitled_days   integer NOT NULL DEFAULT 0,
  pending_days    integer NOT NULL DEFAULT 0,
  used_days       integer NOT NULL DEFAULT 0,
  note            text NOT NULL DEFAULT '',
  created_by      integer REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Each kind moves days only the way it means to.
  CHECK (CASE kind
    WHEN 'entitlement' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
    WHEN 'carry_forward' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
    WHEN 'adjustment' THEN pending_days = 0 AND used_days = 0 AND application_id IS NULL
    WHEN 'application_pending' THEN entitled_days = 0 AND pending_days > 0 AND used_days = 0
      AND application_id IS NOT NULL
    WHEN 'application_approved' THEN entitled_days = 0 AND pending_days < 0 AND used_days = -pending_days
      AND application_id IS NOT NULL
    ELSE entitled_days = 0 AND pending_days < 0 AND used_days = 0 AND application_id IS NOT NULL
  END)
);
CREATE INDEX leave_ledger_balance_idx ON leave_ledger (user_id, leave_year, leave_type_id);
CREATE INDEX leave_ledger_application_idx ON leave_ledger (application_id);
-- One entitlement and one carry forward per person, type and year (so creating them is
-- idempotent), and each application event is booked once per year it touches.
CREATE UNIQUE INDEX leave_ledger_entitlement_key ON leave_ledger (user_id, leave_type_id, leave_year)
  WHERE kind = 'entitlement';
CREATE UNIQUE INDEX leave_ledger_carry_forward_key ON leave_ledger (user_id, leave_type_id, leave_year)
  WHERE kind = 'carry_forward';
CREATE UNIQUE INDEX leave_ledger_application_key ON leave_ledger (application_id, kind, leave_year)
  WHERE application_id IS NOT NULL;

-- The organisation's standard types; administrators change them under Policies.
WITH t AS (
  INSERT INTO leave_types (leave_name, leave_code, max_days_per_year) VALUES
    ('Annual Leave', 'AL', 25),
    ('Sick Leave', 'SL', 10),
    ('Personal Leave', 'PL', 5),
    ('Unpaid Leave', 'UL', 0)
  RETURNING id, leave_code
)
INSERT INTO leave_policies (leave_type_id, description, carry_forward, carry_forward_cap, requires_approval)
SELECT t.id, p.description, p.carry_forward, p.cap, true
FROM t JOIN (VALUES
  ('AL', 'Paid holiday. Up to 5 unused days carry forward into the next year.', true, 5),
  ('SL', 'Paid leave when you are unwell.', false, 0),
  ('PL', 'Paid leave for personal matters such as moving house or family events.', false, 0),
  ('UL', 'Leave without pay. No yearly limit.', false, 0)
) AS p (code, description, carry_forward, cap) ON p.code = t.leave_code;
