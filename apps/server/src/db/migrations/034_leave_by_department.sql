-- A manager's leave screens read by department (issue 31): at 50,000 people a top-level
-- manager's team is some 5,000 people, and their queue and month were found by joining every
-- pending or live application to its applicant. The applicant's department is kept on each
-- application (it follows the person when they move: the team that sees it is the current one),
-- and leave per day is also kept per department, as 023 keeps it for the whole organisation.

ALTER TABLE leave_applications
  ADD COLUMN department_id integer REFERENCES departments (id) ON DELETE SET NULL;

UPDATE leave_applications a SET department_id = u.department_id FROM users u WHERE u.id = a.user_id;

CREATE FUNCTION leave_applications_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.department_id INTO NEW.department_id FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;

CREATE TRIGGER leave_applications_department BEFORE INSERT ON leave_applications
  FOR EACH ROW EXECUTE FUNCTION leave_applications_department();

CREATE FUNCTION users_department_moves_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leave_applications SET department_id = NEW.department_id
  WHERE user_id = NEW.id AND department_id IS DISTINCT FROM NEW.department_id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_department_moves_leave AFTER UPDATE OF department_id ON users
  FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id)
  EXECUTE FUNCTION users_department_moves_leave();

-- A manager's queue: what waits in their departments, oldest first; its count from the index alone.
CREATE INDEX leave_applications_department_pending_idx ON leave_applications (department_id, applied_at, id)
  INCLUDE (approval_step, approver_id) WHERE status = 'pending';

-- Who of some departments is on approved leave on a day (a manager's Team Today and list).
CREATE INDEX leave_applications_department_approved_idx ON leave_applications (department_id, end_date, start_date)
  WHERE status = 'approved';

-- Leave per department (0: none) and day, as leave_calendar_days counts it for everyone.
CREATE TABLE leave_department_days (
  dept_key  integer NOT NULL,
  date      date NOT NULL,
  approved  integer NOT NULL,
  pending   integer NOT NULL,
  half_day  integer NOT NULL,
  PRIMARY KEY (dept_key, date)
);

-- Statement-level, in (department, date) order like 023's. An update (a status change, a move of
-- dates or of department) adds the new rows' days and takes the old rows' away; a plpgsql body
-- cannot name a transition table its trigger lacks, hence one function per kind of statement.
CREATE FUNCTION leave_department_days_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT coalesce(a.department_id, 0) AS dept_key, d.date, d.approved, d.pending, d.half_day
    FROM new_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
    UNION ALL
    SELECT coalesce(a.department_id, 0), d.date, -d.approved, -d.pending, -d.half_day
    FROM old_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
  )
  INSERT INTO leave_department_days AS t (dept_key, date, approved, pending, half_day)
  SELECT dept_key, date, sum(approved), sum(pending), sum(half_day) FROM delta
  GROUP BY 1, 2 HAVING sum(approved) <> 0 OR sum(pending) <> 0 OR sum(half_day) <> 0 ORDER BY 1, 2
  ON CONFLICT (dept_key, date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
    pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
  RETURN NULL;
END $$;

CREATE FUNCTION leave_department_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT coalesce(a.department_id, 0) AS dept_key, d.date, d.approved, d.pending, d.half_day
    FROM new_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
  )
  INSERT INTO leave_department_days AS t (dept_key, date, approved, pending, half_day)
  SELECT dept_key, date, sum(approved), sum(pending), sum(half_day) FROM delta
  GROUP BY 1, 2 HAVING sum(approved) <> 0 OR sum(pending) <> 0 OR sum(half_day) <> 0 ORDER BY 1, 2
  ON CONFLICT (dept_key, date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
    pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
  RETURN NULL;
END $$;

CREATE FUNCTION leave_department_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT coalesce(a.department_id, 0) AS dept_key, d.date, -d.approved AS approved,
           -d.pending AS pending, -d.half_day AS half_day
    FROM old_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
  )
  INSERT INTO leave_department_days AS t (dept_key, date, approved, pending, half_day)
  SELECT dept_key, date, sum(approved), sum(pending), sum(half_day) FROM delta
  GROUP BY 1, 2 HAVING sum(approved) <> 0 OR sum(pending) <> 0 OR sum(half_day) <> 0 ORDER BY 1, 2
  ON CONFLICT (dept_key, date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
    pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
  RETURN NULL;
END $$;

CREATE TRIGGER leave_department_days_insert AFTER INSERT ON leave_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leave_department_days_insert();
CREATE TRIGGER leave_department_days_update AFTER UPDATE ON leave_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION leave_department_days_update();
CREATE TRIGGER leave_department_days_delete AFTER DELETE ON leave_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leave_department_days_delete();

CREATE FUNCTION leave_department_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE leave_department_days;
  RETURN NULL;
END $$;
CREATE TRIGGER leave_department_days_truncate AFTER TRUNCATE ON leave_applications
  FOR EACH STATEMENT EXECUTE FUNCTION leave_department_days_truncate();

SET LOCAL work_mem = '256MB';
INSERT INTO leave_department_days (dept_key, date, approved, pending, half_day)
SELECT coalesce(a.department_id, 0), d.date, sum(d.approved), sum(d.pending), sum(d.half_day)
FROM leave_applications a
CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
GROUP BY 1, 2;
