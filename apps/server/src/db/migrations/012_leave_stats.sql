-- Who is away today: approved leave that has not ended yet (a small tail of all leave ever).
CREATE INDEX leave_applications_approved_end_idx ON leave_applications (end_date, start_date) WHERE status = 'approved';
