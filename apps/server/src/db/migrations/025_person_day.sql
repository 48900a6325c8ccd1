-- One truth about a person's day (attendance/person-day.ts): a person is employed from their
-- start date to their last working day, and counted nowhere outside that span; an approved
-- leave covering a scheduled day without a record makes it "on leave", not absent.
ALTER TABLE users ADD COLUMN end_date date;
ALTER TABLE users ADD CONSTRAINT users_employment_span_check
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date);

-- The readers' corrections start from the few people hired after, or leaving before, the end of
-- a range: found by these, not by walking everyone.
CREATE INDEX users_start_date_idx ON users (start_date) WHERE start_date IS NOT NULL;
CREATE INDEX users_end_date_idx ON users (end_date) WHERE end_date IS NOT NULL;


-- A person who has left keeps their history: someone with a last working day is counted on the
-- days of their employment even once their account is disabled (a disabled person without one is
-- not counted, as before). The rollups of 021 count such "counted" people instead of active ones;
-- nobody has an end date yet, so their figures stand as they are.
CREATE FUNCTION user_counted(active boolean, end_date date) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT active OR end_date IS NOT NULL $$;

CREATE OR REPLACE FUNCTION attendance_department_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE user_counted(active, end_date) AND id IN (SELECT user_id FROM new_rows) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT r.date, p.dept_key, count(*),
           count(*) FILTER (WHERE r.check_out_time IS NULL), count(*) FILTER (WHERE r.late)
    FROM new_rows r JOIN people p ON p.id = r.user_id
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    WITH people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE user_counted(active, end_date) AND id IN (SELECT user_id FROM old_rows) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT r.date, p.dept_key, -count(*),
           -count(*) FILTER (WHERE r.check_out_time IS NULL), -count(*) FILTER (WHERE r.late)
    FROM old_rows r JOIN people p ON p.id = r.user_id
    GROUP BY 1, 2;
  ELSE
    WITH delta AS (
      SELECT user_id, date, 1 AS n, (check_out_time IS NULL)::int AS open, late::int AS late FROM new_rows
      UNION ALL
      SELECT user_id, date, -1, -(check_out_time IS NULL)::int, -(late::int) FROM old_rows
    ),
    people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE user_counted(active, end_date) AND id IN (SELECT user_id FROM delta) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT d.date, p.dept_key, sum(d.n), sum(d.open), sum(d.late)
    FROM delta d JOIN people p ON p.id = d.user_id
    GROUP BY 1, 2
    HAVING sum(d.n) <> 0 OR sum(d.open) <> 0 OR sum(d.late) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION department_people_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO department_headcounts AS h (dept_key, people)
    SELECT coalesce(department_id, 0), count(*) FROM new_rows WHERE user_counted(active, end_date)
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (dept_key) DO UPDATE SET people = h.people + EXCLUDED.people;
    RETURN NULL;
  END IF;
  WITH moves AS MATERIALIZED (
    SELECT o.id, coalesce(o.department_id, 0) AS dept_key, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE user_counted(o.active, o.end_date)
      AND (NOT user_counted(n.active, n.end_date) OR n.department_id IS DISTINCT FROM o.department_id)
    UNION ALL
    SELECT n.id, coalesce(n.department_id, 0), 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE user_counted(n.active, n.end_date)
      AND (NOT user_counted(o.active, o.end_date) OR n.department_id IS DISTINCT FROM o.department_id)
  ),
  heads AS (
    INSERT INTO department_headcounts AS h (dept_key, people)
    SELECT dept_key, sum(sign) FROM moves GROUP BY 1 ORDER BY 1
    ON CONFLICT (dept_key) DO UPDATE SET people = h.people + EXCLUDED.people
  )
  INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
  SELECT r.date, m.dept_key, sum(m.sign),
         coalesce(sum(m.sign) FILTER (WHERE r.check_out_time IS NULL), 0),
         coalesce(sum(m.sign) FILTER (WHERE r.late), 0)
  FROM moves m JOIN attendance_records r ON r.user_id = m.id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION department_people_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF user_counted(OLD.active, OLD.end_date) THEN
    UPDATE department_headcounts SET people = people - 1 WHERE dept_key = coalesce(OLD.department_id, 0);
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT date, coalesce(OLD.department_id, 0), -count(*),
           -count(*) FILTER (WHERE check_out_time IS NULL), -count(*) FILTER (WHERE late)
    FROM attendance_records WHERE user_id = OLD.id GROUP BY date;
  END IF;
  RETURN OLD;
END $$;

-- The attendance list walks counted people by name, as it walked active ones (010).
CREATE INDEX users_counted_name_idx ON users (last_name, first_name, id) WHERE active OR end_date IS NOT NULL;
CREATE INDEX users_counted_department_name_idx ON users (department_id, last_name, first_name, id)
  WHERE active OR end_date IS NOT NULL;

-- The approved leave covering a day, for the person-day counts: the people come from the index
-- alone (an index-only scan), not from a heap page per application.
DROP INDEX leave_applications_approved_end_idx;
CREATE INDEX leave_applications_approved_end_idx ON leave_applications (end_date, start_date)
  INCLUDE (user_id) WHERE status = 'approved';
