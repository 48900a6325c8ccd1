-- A day's attendance per department, and the active people per department: the dashboard tiles,
-- the attendance overview and the attendance list's totals and page positions read a few rows
-- per department instead of counting a day's records (35,000 a day at 50,000 people) per request.
--
-- Keyed like those screens, by each person's current department (dept_key 0: none), and counting
-- active people only: the users triggers below move a person's counts along when they change
-- department, are disabled or enabled, or are deleted, so the figures always equal a recount.
--
-- Every check-in would update its department's row of the day, and a badge batch holds the rows
-- it touched until it commits: the morning's writers would queue on fifty rows. So the writers
-- only append their change (attendance_department_day_changes, no row shared with anyone), and
-- attendance_department_days_fold() moves the changes into attendance_department_days a few times
-- a minute (the server's timer). Readers read attendance_department_day_totals: both, summed.
CREATE TABLE attendance_department_days (
  date      date NOT NULL,
  dept_key  integer NOT NULL,
  -- Records of the department's active people that day.
  present   integer NOT NULL,
  -- Of those, without a check-out.
  open      integer NOT NULL,
  late      integer NOT NULL,
  PRIMARY KEY (date, dept_key)
);

CREATE TABLE attendance_department_day_changes (
  date      date NOT NULL,
  dept_key  integer NOT NULL,
  present   integer NOT NULL,
  open      integer NOT NULL,
  late      integer NOT NULL
);
CREATE INDEX attendance_department_day_changes_idx ON attendance_department_day_changes (date, dept_key);

-- What the figures are now. A filter on date or dept_key reaches both tables (they are grouping keys).
CREATE VIEW attendance_department_day_totals AS
SELECT date, dept_key, sum(present)::int AS present, sum(open)::int AS open, sum(late)::int AS late
FROM (SELECT date, dept_key, present, open, late FROM attendance_department_days
      UNION ALL
      SELECT date, dept_key, present, open, late FROM attendance_department_day_changes) AS c
GROUP BY date, dept_key;

-- Moves every change into the rollup in one statement (readers see either side, never both) and
-- answers how many it moved. Two folds at once are safe: the second finds the rows deleted.
CREATE FUNCTION attendance_department_days_fold() RETURNS bigint LANGUAGE sql AS $$
  WITH moved AS (
    DELETE FROM attendance_department_day_changes RETURNING date, dept_key, present, open, late
  ),
  folded AS (
    INSERT INTO attendance_department_days AS t (date, dept_key, present, open, late)
    SELECT date, dept_key, sum(present), sum(open), sum(late) FROM moved
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (date, dept_key) DO UPDATE
    SET present = t.present + EXCLUDED.present, open = t.open + EXCLUDED.open, late = t.late + EXCLUDED.late
  )
  SELECT count(*) FROM moved
$$;

-- Active people per department. Changed only by the users triggers below (people are added,
-- moved and disabled one administrator action at a time), so it is updated in place.
CREATE TABLE department_headcounts (
  dept_key  integer PRIMARY KEY,
  people    integer NOT NULL
);

-- Statement-level, like attendance_months (013): every write path (the services, badge ingest,
-- the demo, the benchmark generator's bulk inserts) records its change in its own transaction,
-- one row per (date, department) the statement touched, its net change.
--
-- The records' people are locked FOR SHARE: a concurrent change of one's department or standing
-- (which locks the users row) then either waits for this transaction and sees its records when
-- it moves them, or commits first and this statement reads the new department.
CREATE FUNCTION attendance_department_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE active AND id IN (SELECT user_id FROM new_rows) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT r.date, p.dept_key, count(*),
           count(*) FILTER (WHERE r.check_out_time IS NULL), count(*) FILTER (WHERE r.late)
    FROM new_rows r JOIN people p ON p.id = r.user_id
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    WITH people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE active AND id IN (SELECT user_id FROM old_rows) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT r.date, p.dept_key, -count(*),
           -count(*) FILTER (WHERE r.check_out_time IS NULL), -count(*) FILTER (WHERE r.late)
    FROM old_rows r JOIN people p ON p.id = r.user_id
    GROUP BY 1, 2;
  ELSE
    -- A check-out or a correction: old and new rows net out where only the times changed.
    WITH delta AS (
      SELECT user_id, date, 1 AS n, (check_out_time IS NULL)::int AS open, late::int AS late FROM new_rows
      UNION ALL
      SELECT user_id, date, -1, -(check_out_time IS NULL)::int, -(late::int) FROM old_rows
    ),
    people AS (
      SELECT id, coalesce(department_id, 0) AS dept_key FROM users
      WHERE active AND id IN (SELECT user_id FROM delta) ORDER BY id FOR SHARE
    )
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT d.date, p.dept_key, sum(d.n), sum(d.open), sum(d.late)
    FROM delta d JOIN people p ON p.id = d.user_id
    GROUP BY 1, 2
    HAVING sum(d.n) <> 0 OR sum(d.open) <> 0 OR sum(d.late) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER attendance_department_days_insert AFTER INSERT ON attendance_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_department_days_apply();
CREATE TRIGGER attendance_department_days_update AFTER UPDATE ON attendance_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_department_days_apply();
CREATE TRIGGER attendance_department_days_delete AFTER DELETE ON attendance_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_department_days_apply();

CREATE FUNCTION attendance_department_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE attendance_department_days, attendance_department_day_changes;
  RETURN NULL;
END $$;
CREATE TRIGGER attendance_department_days_truncate AFTER TRUNCATE ON attendance_records
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_department_days_truncate();

-- A person who joins, changes department, is disabled or enabled: the head counts change, and
-- their records' counts leave the old (department, active) place for the new one. Fires on every
-- UPDATE of users (a statement trigger with transition tables takes no column list); when no
-- one's department or standing changed, `moves` is empty and nothing is written.
CREATE FUNCTION department_people_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO department_headcounts AS h (dept_key, people)
    SELECT coalesce(department_id, 0), count(*) FROM new_rows WHERE active GROUP BY 1 ORDER BY 1
    ON CONFLICT (dept_key) DO UPDATE SET people = h.people + EXCLUDED.people;
    RETURN NULL;
  END IF;
  -- A -1 at each old active place and a +1 at each new one.
  WITH moves AS MATERIALIZED (
    SELECT o.id, coalesce(o.department_id, 0) AS dept_key, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.active AND (NOT n.active OR n.department_id IS DISTINCT FROM o.department_id)
    UNION ALL
    SELECT n.id, coalesce(n.department_id, 0), 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.active AND (NOT o.active OR n.department_id IS DISTINCT FROM o.department_id)
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

CREATE TRIGGER department_people_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_people_apply();
CREATE TRIGGER department_people_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION department_people_apply();

-- Before the row goes: its records are deleted by the cascade afterwards, when the records
-- trigger no longer finds their person and counts nothing.
CREATE FUNCTION department_people_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active THEN
    UPDATE department_headcounts SET people = people - 1 WHERE dept_key = coalesce(OLD.department_id, 0);
    INSERT INTO attendance_department_day_changes (date, dept_key, present, open, late)
    SELECT date, coalesce(OLD.department_id, 0), -count(*),
           -count(*) FILTER (WHERE check_out_time IS NULL), -count(*) FILTER (WHERE late)
    FROM attendance_records WHERE user_id = OLD.id GROUP BY date;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER department_people_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION department_people_remove();

-- Backfill; the triggers above already hold writers of both tables off until commit.
SET LOCAL work_mem = '256MB';
INSERT INTO department_headcounts (dept_key, people)
SELECT coalesce(department_id, 0), count(*) FROM users WHERE active GROUP BY 1;
INSERT INTO attendance_department_days (date, dept_key, present, open, late)
SELECT r.date, coalesce(u.department_id, 0), count(*),
       count(*) FILTER (WHERE r.check_out_time IS NULL), count(*) FILTER (WHERE r.late)
FROM attendance_records r JOIN users u ON u.id = r.user_id
WHERE u.active
GROUP BY 1, 2
ORDER BY 1, 2; -- a day's departments on neighbouring pages
ANALYZE attendance_department_days, department_headcounts;
