-- Leave, finished: types that count working days only, half days, and so days in 0.5 steps.

-- A type that counts working days charges only the applicant's workdays that are no public
-- holiday; the others charge every calendar day of the period, as before.
ALTER TABLE leave_policies ADD COLUMN working_days_only boolean NOT NULL DEFAULT false;
UPDATE leave_policies p SET working_days_only = true
FROM leave_types t WHERE t.id = p.leave_type_id AND t.leave_code = 'AL';

-- The half of the first day the leave starts in and of the last day it ends in: starting in the
-- afternoon or ending in the morning charges that day 0.5. NULL means the whole day.
ALTER TABLE leave_applications
  ADD COLUMN start_half text CHECK (start_half IN ('morning', 'afternoon')),
  ADD COLUMN end_half text CHECK (end_half IN ('morning', 'afternoon')),
  -- A single day cannot start in the afternoon and end in the morning.
  ADD CONSTRAINT leave_applications_halves_check
    CHECK (NOT (start_date = end_date AND start_half = 'afternoon' AND end_half = 'morning'));

-- days_requested is now what the service charged (working days, half days), no longer
-- end - start + 1; existing rows keep the value they were charged. It may fall to 0 when a
-- public holiday is declared on the only day of a leave.
ALTER TABLE leave_applications ALTER COLUMN days_requested DROP EXPRESSION;
ALTER TABLE leave_applications ALTER COLUMN days_requested TYPE numeric(5,1);
ALTER TABLE leave_applications ALTER COLUMN days_requested SET NOT NULL;
ALTER TABLE leave_applications ADD CONSTRAINT leave_applications_days_check
  CHECK (days_requested >= 0 AND days_requested <= end_date - start_date + 1
         AND days_requested * 2 = trunc(days_requested * 2));

-- Ledger days in 0.5 steps. A recount line corrects an application's pending days (while it
-- waits) or used days (once approved) when a public holiday changes what it charges; an
-- application may have several, so it is left out of the one-line-per-event index.
ALTER TABLE leave_ledger DROP CONSTRAINT leave_ledger_kind_check;
ALTER TABLE leave_ledger DROP CONSTRAINT leave_ledger_check;
ALTER TABLE leave_ledger
  ALTER COLUMN entitled_days TYPE numeric(6,1),
  ALTER COLUMN pending_days TYPE numeric(6,1),
  ALTER COLUMN used_days TYPE numeric(6,1);
ALTER TABLE leave_ledger ADD CONSTRAINT leave_ledger_kind_check CHECK (kind IN ('entitlement',
  'carry_forward', 'adjustment', 'application_pending', 'application_approved',
  'application_rejected', 'application_cancelled', 'application_recounted'));
ALTER TABLE leave_ledger ADD CONSTRAINT leave_ledger_half_steps_check CHECK (
  entitled_days * 2 = trunc(entitled_days * 2) AND pending_days * 2 = trunc(pending_days * 2)
  AND used_days * 2 = trunc(used_days * 2));
ALTER TABLE leave_ledger ADD CONSTRAINT leave_ledger_check CHECK (CASE kind
  WHEN 'entitlement' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'carry_forward' THEN entitled_days >= 0 AND pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'adjustment' THEN pending_days = 0 AND used_days = 0 AND application_id IS NULL
  WHEN 'application_pending' THEN entitled_days = 0 AND pending_days > 0 AND used_days = 0
    AND application_id IS NOT NULL
  WHEN 'application_approved' THEN entitled_days = 0 AND pending_days < 0 AND used_days = -pending_days
    AND application_id IS NOT NULL
  -- Exactly one bucket moves, either way.
  WHEN 'application_recounted' THEN entitled_days = 0 AND (pending_days = 0) <> (used_days = 0)
    AND application_id IS NOT NULL
  ELSE entitled_days = 0 AND pending_days < 0 AND used_days = 0 AND application_id IS NOT NULL
END);
DROP INDEX leave_ledger_application_key;
CREATE UNIQUE INDEX leave_ledger_application_key ON leave_ledger (application_id, kind, leave_year)
  WHERE application_id IS NOT NULL AND kind <> 'application_recounted';
