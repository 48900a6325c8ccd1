-- Reports: departments get a manager (a person of that department), shown in the Department
-- Report; and an index so per-person attendance figures over a range read only that range.

ALTER TABLE departments ADD COLUMN manager_id integer REFERENCES users (id) ON DELETE SET NULL;

-- The Attendance Report groups a month of records by person: (date, user_id) lets the range
-- be read from the index with everything it sums alongside.
CREATE INDEX attendance_records_report_idx ON attendance_records (date, user_id)
  INCLUDE (late, check_in_time, check_out_time);
