-- Team Today counts a team's late arrivals of one day (issue 31): at 50,000 people a day holds
-- 45,000 records, of which a few thousand are late. Read from the late ones alone.
CREATE INDEX attendance_records_late_idx ON attendance_records (date, user_id) WHERE late;
