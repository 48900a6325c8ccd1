-- Attendance rollup: one row per person per month, so reports over whole months read 50,000 rows
-- a month instead of a million records.
--
-- Days are bitmasks (bit d-1 = day d of the month) rather than counts, because the reports ask
-- questions a count cannot answer: which days of a partial month fall inside the range, which of
-- them were scheduled under the person's current department (a schedule or department change
-- re-judges history), and which scheduled days without a record were covered by leave.
-- Only worked time is a plain sum; partial months correct it from the raw records.
--
-- There is no per-department rollup: the reports group people by their current department, so a
-- row keyed by the department at write time would go stale when someone moves; grouping the
-- person-month rows by department is fast enough.
CREATE TABLE attendance_months (
  month           date NOT NULL CHECK (extract(day FROM month) = 1),
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  present_days    integer NOT NULL,
  late_days       integer NOT NULL,
  -- check_out_time - check_in_time over the month's records that have a check-out.
  worked_seconds  numeric NOT NULL,
  PRIMARY KEY (month, user_id),
  CHECK (late_days & ~present_days = 0)
);

CREATE FUNCTION attendance_month_of(day date) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT day - extract(day FROM day)::int + 1 $$;

CREATE FUNCTION attendance_day_bit(day date) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 1 << (extract(day FROM day)::int - 1) $$;

-- The days from..to of one month as a mask (0 when the span is empty).
CREATE FUNCTION attendance_span_mask(from_day date, to_day date) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN to_day < from_day THEN 0
                    ELSE ((1::bigint << extract(day FROM to_day)::int)
                          - (1::bigint << (extract(day FROM from_day)::int - 1)))::int END $$;

CREATE FUNCTION attendance_day_count(mask integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT bit_count(mask::bit(32))::int $$;

-- Kept by statement-level triggers, so every write path (the services, badge ingest, the demo,
-- the benchmark generator's bulk INSERT ... SELECT, cascades from users) maintains it in its own
-- transaction with one upsert per person-month touched, however many records the statement wrote.
-- A person has at most one record a day (attendance_one_per_day), so a day's bit is set by its
-- one record and cleared when that record goes.
CREATE FUNCTION attendance_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE attendance_months m
    SET present_days = m.present_days & ~o.present_days,
        late_days = m.late_days & ~o.late_days,
        worked_seconds = m.worked_seconds - o.worked_seconds
    FROM (SELECT attendance_month_of(date) AS month, user_id,
                 bit_or(attendance_day_bit(date)) AS present_days,
                 coalesce(bit_or(attendance_day_bit(date)) FILTER (WHERE late), 0) AS late_days,
                 coalesce(sum(extract(epoch FROM check_out_time - check_in_time)), 0) AS worked_seconds
          FROM old_rows GROUP BY 1, 2) o
    WHERE m.month = o.month AND m.user_id = o.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- In key order, so concurrent multi-row writes lock the rows they share in the same order.
    INSERT INTO attendance_months AS m (month, user_id, present_days, late_days, worked_seconds)
    SELECT attendance_month_of(date), user_id,
           bit_or(attendance_day_bit(date)),
           coalesce(bit_or(attendance_day_bit(date)) FILTER (WHERE late), 0),
           coalesce(sum(extract(epoch FROM check_out_time - check_in_time)), 0)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, user_id) DO UPDATE
    SET present_days = m.present_days | EXCLUDED.present_days,
        late_days = m.late_days | EXCLUDED.late_days,
        worked_seconds = m.worked_seconds + EXCLUDED.worked_seconds;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM attendance_months m
    USING (SELECT DISTINCT attendance_month_of(date) AS month, user_id FROM old_rows) o
    WHERE m.month = o.month AND m.user_id = o.user_id AND m.present_days = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER attendance_months_insert AFTER INSERT ON attendance_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_apply();
CREATE TRIGGER attendance_months_update AFTER UPDATE ON attendance_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_apply();
CREATE TRIGGER attendance_months_delete AFTER DELETE ON attendance_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_apply();

CREATE FUNCTION attendance_months_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE attendance_months;
  RETURN NULL;
END $$;
CREATE TRIGGER attendance_months_truncate AFTER TRUNCATE ON attendance_records
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_truncate();

-- Backfill in one pass; the triggers above already hold the table's writers off until commit.
SET LOCAL work_mem = '256MB';
INSERT INTO attendance_months (month, user_id, present_days, late_days, worked_seconds)
SELECT attendance_month_of(date), user_id,
       bit_or(attendance_day_bit(date)),
       coalesce(bit_or(attendance_day_bit(date)) FILTER (WHERE late), 0),
       coalesce(sum(extract(epoch FROM check_out_time - check_in_time)), 0)
FROM attendance_records GROUP BY 1, 2;
ANALYZE attendance_months;
