-- Time and attendance: department work schedules and one record per person per local date.

-- A department's working pattern decides lateness, early exits and which days count as absent.
-- workdays holds ISO weekdays (1 = Monday ... 7 = Sunday).
CREATE TABLE work_schedules (
  department_id  integer PRIMARY KEY REFERENCES departments (id) ON DELETE CASCADE,
  start_time     time NOT NULL DEFAULT '09:00',
  end_time       time NOT NULL DEFAULT '17:30',
  grace_minutes  integer NOT NULL DEFAULT 10 CHECK (grace_minutes BETWEEN 0 AND 240),
  workdays       smallint[] NOT NULL DEFAULT '{1,2,3,4,5}'
                 CHECK (cardinality(workdays) BETWEEN 1 AND 7 AND workdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
  CHECK (end_time > start_time)
);

-- Every department has a schedule from the moment it exists, so queries never guess a default.
CREATE FUNCTION departments_default_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_schedules (department_id, workdays)
  VALUES (NEW.id, CASE WHEN NEW.name IN ('Security', 'Showrooms')
                       THEN '{1,2,3,4,5,6,7}'::smallint[] ELSE '{1,2,3,4,5}'::smallint[] END)
  ON CONFLICT (department_id) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER departments_default_schedule AFTER INSERT ON departments
  FOR EACH ROW EXECUTE FUNCTION departments_default_schedule();

INSERT INTO work_schedules (department_id, workdays)
SELECT id, CASE WHEN name IN ('Security', 'Showrooms')
                THEN '{1,2,3,4,5,6,7}'::smallint[] ELSE '{1,2,3,4,5}'::smallint[] END
FROM departments
ON CONFLICT (department_id) DO NOTHING;

-- Absence is not stored: a scheduled day with no row is absent. A row always has a check-in.
CREATE TABLE attendance_records (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  date            date NOT NULL,
  check_in_time   timestamptz NOT NULL,
  check_out_time  timestamptz,
  -- Judged against the schedule when the time is written, so a later schedule change
  -- does not rewrite history.
  late            boolean NOT NULL DEFAULT false,
  early_exit      boolean NOT NULL DEFAULT false,
  source          text NOT NULL CHECK (source IN ('web', 'bulk', 'correction', 'badge')),
  created_by      integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by      integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attendance_one_per_day UNIQUE (user_id, date),
  CHECK (check_out_time IS NULL OR check_out_time >= check_in_time),
  CHECK (check_out_time IS NULL OR check_out_time - check_in_time <= interval '24 hours')
);
CREATE INDEX attendance_records_date_idx ON attendance_records (date);
-- Recent activity reads the latest check-ins and check-outs.
CREATE INDEX attendance_records_check_in_idx ON attendance_records (check_in_time DESC);
CREATE INDEX attendance_records_check_out_idx ON attendance_records (check_out_time DESC)
  WHERE check_out_time IS NOT NULL;
