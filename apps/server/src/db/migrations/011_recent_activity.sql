-- The dashboard's recent activity and system health read the newest rows of growing tables:
-- each such read gets an index that starts where it reads, so it costs a few index entries at
-- any size instead of a scan of years of history.
CREATE INDEX leave_applications_applied_idx ON leave_applications (applied_at DESC);
CREATE INDEX leave_applications_decided_idx ON leave_applications (decided_at DESC) WHERE decided_at IS NOT NULL;
CREATE INDEX access_events_people_idx ON access_events (occurred_at DESC, id DESC) WHERE kind IN ('granted', 'denied');
CREATE INDEX counting_windows_received_idx ON counting_windows (received_at DESC);
