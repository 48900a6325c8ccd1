-- Leave the way people expect it: annual entitlement prorated by the days a person is employed
-- in the leave year, and an approved leave that has not started can be cancelled (its used days
-- go back to the balance).

-- A person's last working day. Migration 025 (person_day) adds it too; whichever runs first wins.
ALTER TABLE users ADD COLUMN IF NOT EXISTS end_date date;

-- Days of `leave_year` from the start date (or 1 January) to the end date (or 31 December),
-- both included; 0 when the person is not employed at all that year.
CREATE FUNCTION leave_employed_days(start_date date, end_date date, leave_year integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT GREATEST(0,
    LEAST(coalesce(end_date, make_date(leave_year, 12, 31)), make_date(leave_year, 12, 31))
    - GREATEST(coalesce(start_date, make_date(leave_year, 1, 1)), make_date(leave_year, 1, 1)) + 1)
$$;

-- The rule shown under Policies: full days x (days employed in the year / days in the year),
-- rounded to the nearest half day. No start or end date inside the year: the full amount.
CREATE FUNCTION leave_prorated_days(full_days numeric, start_date date, end_date date, leave_year integer)
RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT (round(full_days * leave_employed_days(start_date, end_date, leave_year)
    / (make_date(leave_year + 1, 1, 1) - make_date(leave_year, 1, 1)) * 2) / 2)::numeric(6,1)
$$;

-- Entitlements booked before this rule for people who started or left during their year: one
-- adjustment line each brings them to the prorated amount, so the ledger says why it changed.
INSERT INTO leave_ledger (user_id, leave_type_id, leave_year, kind, entitled_days, note)
SELECT l.user_id, l.leave_type_id, l.leave_year, 'adjustment',
  leave_prorated_days(l.entitled_days, u.start_date, u.end_date, l.leave_year) - l.entitled_days,
  'Prorated: employed ' || leave_employed_days(u.start_date, u.end_date, l.leave_year) || ' of '
    || (make_date(l.leave_year + 1, 1, 1) - make_date(l.leave_year, 1, 1)) || ' days in ' || l.leave_year
FROM leave_ledger l JOIN users u ON u.id = l.user_id
WHERE l.kind = 'entitlement'
  AND leave_prorated_days(l.entitled_days, u.start_date, u.end_date, l.leave_year) <> l.entitled_days;

-- A cancellation gives back what the application holds: its pending days while it waits, its
-- used days once approved (exactly one bucket moves). The other kinds keep their rule.
ALTER TABLE leave_ledger DROP CONSTRAINT leave_ledger_check;
ALTER TABLE leave_ledger ADD CONSTRAINT leave_ledger_check CHECK (CASE kind
  WHEN 'entitlement' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'carry_forward' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'adjustment' THEN pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'application_pending' THEN entitled_days = 0 AND pending_days > 0 AND used_days = 0
    AND application_id IS NOT NULL
  WHEN 'application_approved' THEN entitled_days = 0 AND pending_days < 0 AND used_days = -pending_days
    AND application_id IS NOT NULL
  WHEN 'application_recounted' THEN entitled_days = 0 AND (pending_days = 0) <> (used_days = 0)
    AND application_id IS NOT NULL
  WHEN 'application_cancelled' THEN entitled_days = 0 AND application_id IS NOT NULL
    AND ((pending_days < 0 AND used_days = 0) OR (pending_days = 0 AND used_days < 0))
  ELSE entitled_days = 0 AND pending_days < 0 AND used_days = 0 AND application_id IS NOT NULL
END);
