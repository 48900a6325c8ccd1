-- Leave per day and applications per status, for the screens that read them organisation-wide:
-- the leave calendar's month (people away per day), the people away on a day and today, and the
-- pending count behind the dashboard, the Pending tab and the header badge. At 50,000 people a
-- month touches 30,000 applications and 20,000 wait; these read a row a day and a row a status.
--
-- Pending and approved leave counts on every calendar day it spans (the calendar shows a person
-- away over a weekend too); half_day counts the days that leave takes only half of: a first day
-- started in the afternoon, a last day ended in the morning. A person holds at most one live
-- application a day (leave_applications_no_overlap), so applications are people.
CREATE TABLE leave_calendar_days (
  date      date PRIMARY KEY,
  approved  integer NOT NULL,
  pending   integer NOT NULL,
  half_day  integer NOT NULL
);

CREATE TABLE leave_status_counts (
  status        text PRIMARY KEY,
  applications  integer NOT NULL
);

-- The calendar days of a live application, with its part of each (as leave.repository's partOf).
CREATE FUNCTION leave_live_days(status text, start_date date, end_date date, start_half text, end_half text)
  RETURNS TABLE (date date, approved integer, pending integer, half_day integer)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT d::date, (status = 'approved')::int, (status = 'pending')::int,
           coalesce((d::date = start_date AND start_half = 'afternoon')
                    OR (d::date = end_date AND end_half = 'morning'), false)::int
    FROM generate_series(start_date, end_date, interval '1 day') AS d
    WHERE status IN ('pending', 'approved')
  $$;

-- Statement-level, like the attendance rollups: one upsert of the statement's net change per day
-- (in date order, so concurrent statements lock shared days in the same order), then one per
-- status. Every transaction that writes applications changes them in one statement, so the
-- calendar-then-status order is the same everywhere.
CREATE FUNCTION leave_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leave_calendar_days AS t (date, approved, pending, half_day)
    SELECT d.date, sum(d.approved), sum(d.pending), sum(d.half_day)
    FROM new_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
      pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
    INSERT INTO leave_status_counts AS t (status, applications)
    SELECT status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET applications = t.applications + EXCLUDED.applications;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO leave_calendar_days AS t (date, approved, pending, half_day)
    SELECT d.date, -sum(d.approved), -sum(d.pending), -sum(d.half_day)
    FROM old_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
      pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
    INSERT INTO leave_status_counts AS t (status, applications)
    SELECT status, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET applications = t.applications + EXCLUDED.applications;
  ELSE
    -- A decision, a cancellation; a recount (days_requested) changes neither and writes nothing.
    WITH delta AS (
      SELECT d.date, d.approved, d.pending, d.half_day
      FROM new_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
      UNION ALL
      SELECT d.date, -d.approved, -d.pending, -d.half_day
      FROM old_rows a CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
    )
    INSERT INTO leave_calendar_days AS t (date, approved, pending, half_day)
    SELECT date, sum(approved), sum(pending), sum(half_day) FROM delta
    GROUP BY 1 HAVING sum(approved) <> 0 OR sum(pending) <> 0 OR sum(half_day) <> 0 ORDER BY 1
    ON CONFLICT (date) DO UPDATE SET approved = t.approved + EXCLUDED.approved,
      pending = t.pending + EXCLUDED.pending, half_day = t.half_day + EXCLUDED.half_day;
    WITH delta AS (
      SELECT status, 1 AS n FROM new_rows
      UNION ALL
      SELECT status, -1 FROM old_rows
    )
    INSERT INTO leave_status_counts AS t (status, applications)
    SELECT status, sum(n) FROM delta GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET applications = t.applications + EXCLUDED.applications;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leave_rollups_insert AFTER INSERT ON leave_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leave_rollups_apply();
CREATE TRIGGER leave_rollups_update AFTER UPDATE ON leave_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION leave_rollups_apply();
CREATE TRIGGER leave_rollups_delete AFTER DELETE ON leave_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leave_rollups_apply();

CREATE FUNCTION leave_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE leave_calendar_days, leave_status_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER leave_rollups_truncate AFTER TRUNCATE ON leave_applications
  FOR EACH STATEMENT EXECUTE FUNCTION leave_rollups_truncate();

-- Backfill; the triggers above already hold writers off until commit.
SET LOCAL work_mem = '256MB';
INSERT INTO leave_calendar_days (date, approved, pending, half_day)
SELECT d.date, sum(d.approved), sum(d.pending), sum(d.half_day)
FROM leave_applications a
CROSS JOIN LATERAL leave_live_days(a.status, a.start_date, a.end_date, a.start_half, a.end_half) d
GROUP BY 1;
INSERT INTO leave_status_counts (status, applications)
SELECT status, count(*) FROM leave_applications GROUP BY 1;
ANALYZE leave_calendar_days, leave_status_counts;

-- The lists walk applications newest (or, pending, oldest) first with the id breaking ties: the
-- id in the index spares sorting every application of the same instant (a thousand in the
-- benchmark data) before the first page.
CREATE INDEX leave_applications_applied_id_idx ON leave_applications (applied_at DESC, id DESC);
DROP INDEX leave_applications_applied_idx;
CREATE INDEX leave_applications_status_applied_id_idx ON leave_applications (status, applied_at DESC, id DESC);
DROP INDEX leave_applications_status_idx;
