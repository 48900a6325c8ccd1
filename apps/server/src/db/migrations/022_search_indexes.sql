-- Case-insensitive substring searches (ILIKE '%text%') over people: a trigram index answers them
-- without walking every name, so a rare name costs what its matches cost. pg_trgm ships with
-- PostgreSQL (the embedded 17 and the machine's 15 alike).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The expressions are the searches' own (personName in attendance.repository.ts), so the planner
-- matches them: the full name as shown, and the email.
CREATE INDEX users_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

-- A day's records still open (the attendance list's Checked In filter): a small part of each day,
-- read without the day's other records.
CREATE INDEX attendance_records_open_idx ON attendance_records (date) WHERE check_out_time IS NULL;
