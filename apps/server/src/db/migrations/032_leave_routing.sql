-- Leave is routed (issue 31): each type's policy names who decides an application, and every
-- pending application records the step it waits at and, at the manager step, who it waits for.

-- manager: the applicant's manager; admin: an administrator; manager_then_admin: both in turn.
-- (A policy that does not require approval approves at once, whatever its route.)
ALTER TABLE leave_policies
  ADD COLUMN approval_route text NOT NULL DEFAULT 'manager'
    CHECK (approval_route IN ('manager', 'admin', 'manager_then_admin')),
  -- More than this many days charged adds the administrator's step after the manager's.
  ADD COLUMN admin_step_over_days integer CHECK (admin_step_over_days BETWEEN 0 AND 366);

-- A person's own approver, set on their person page: wins over their department's managers.
ALTER TABLE users
  ADD COLUMN leave_approver_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT users_leave_approver_not_self CHECK (leave_approver_id <> id);

ALTER TABLE leave_applications
  -- The step a pending application waits at; null once decided.
  ADD COLUMN approval_step text CHECK (approval_step IN ('manager', 'admin')),
  -- Who it waits for at the manager step (administrators at the admin step: null).
  ADD COLUMN approver_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- Whether an administrator decides after the manager approves.
  ADD COLUMN admin_step boolean NOT NULL DEFAULT false,
  -- When it reached its current approver: escalation counts working days from here.
  ADD COLUMN routed_at timestamptz,
  ADD COLUMN manager_approved_by integer REFERENCES users (id),
  ADD COLUMN manager_approved_at timestamptz;

-- "What waits for me": a manager's queue and escalation's sweep.
CREATE INDEX leave_applications_approver_idx ON leave_applications (approver_id) WHERE status = 'pending';

/*
 * Who decides the applicant's leave at the manager step on `on_date`: their own approver when
 * one is set (and active), else the first active manager of their department, or of the nearest
 * department above that has one, who is neither the applicant nor `passed`; among one
 * department's managers those on approved leave that day stand aside for the next. Null: nobody,
 * the administrators decide. `above_depth` starts the search above that many levels up the
 * tree (escalation); the person's own approver counts only for ordinary routing.
 */
CREATE FUNCTION leave_approver(applicant integer, on_date date, above_depth integer DEFAULT -1,
                               passed integer DEFAULT NULL) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT u.leave_approver_id FROM users u JOIN users a ON a.id = u.leave_approver_id AND a.active
     WHERE u.id = applicant AND above_depth < 0 AND passed IS NULL),
    (WITH RECURSIVE chain (id, parent_id, depth) AS (
       SELECT d.id, d.parent_id, 0 FROM users u JOIN departments d ON d.id = u.department_id
       WHERE u.id = applicant
       UNION ALL
       SELECT p.id, p.parent_id, c.depth + 1 FROM chain c JOIN departments p ON p.id = c.parent_id
       WHERE c.depth < 64)
     SELECT m.user_id FROM chain c
     JOIN department_managers m ON m.department_id = c.id
     JOIN users mu ON mu.id = m.user_id AND mu.active
     WHERE c.depth > above_depth AND m.user_id <> applicant AND m.user_id IS DISTINCT FROM passed
     ORDER BY c.depth,
       EXISTS (SELECT 1 FROM leave_applications l WHERE l.user_id = m.user_id AND l.status = 'approved'
               AND on_date BETWEEN l.start_date AND l.end_date),
       m.position
     LIMIT 1))
$$;

/*
 * How many levels above the applicant's department the lowest one `approver` manages, or -1 when
 * they manage none of the applicant's (a person's own approver): escalation looks above it.
 */
CREATE FUNCTION leave_approver_depth(applicant integer, approver integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain (id, parent_id, depth) AS (
    SELECT d.id, d.parent_id, 0 FROM users u JOIN departments d ON d.id = u.department_id
    WHERE u.id = applicant
    UNION ALL
    SELECT p.id, p.parent_id, c.depth + 1 FROM chain c JOIN departments p ON p.id = c.parent_id
    WHERE c.depth < 64)
  SELECT coalesce(min(c.depth), -1) FROM chain c
  JOIN department_managers m ON m.department_id = c.id AND m.user_id = approver
$$;

/*
 * A pending application written without a step (imports, the demo seed) is routed as the
 * ordinary route routes it; one that stops pending waits for nobody. Applying sets the step itself
 * from the type's policy.
 */
CREATE FUNCTION leave_applications_route() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'pending' THEN
    NEW.approval_step := NULL;
    NEW.approver_id := NULL;
  ELSIF NEW.approval_step IS NULL THEN
    NEW.approver_id := leave_approver(NEW.user_id, NEW.applied_at::date);
    NEW.approval_step := CASE WHEN NEW.approver_id IS NULL THEN 'admin' ELSE 'manager' END;
  END IF;
  IF NEW.status = 'pending' THEN NEW.routed_at := coalesce(NEW.routed_at, NEW.applied_at); END IF;
  RETURN NEW;
END $$;

-- What already waits is routed as new applications are: to the manager, or to administrators.
UPDATE leave_applications
SET approver_id = leave_approver(user_id, current_date),
    approval_step = CASE WHEN leave_approver(user_id, current_date) IS NULL THEN 'admin' ELSE 'manager' END,
    routed_at = applied_at
WHERE status = 'pending';

CREATE TRIGGER leave_applications_route BEFORE INSERT OR UPDATE OF status ON leave_applications
  FOR EACH ROW EXECUTE FUNCTION leave_applications_route();

ALTER TABLE leave_applications
  ADD CONSTRAINT leave_applications_step CHECK ((status = 'pending') = (approval_step IS NOT NULL));
