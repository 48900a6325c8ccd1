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

