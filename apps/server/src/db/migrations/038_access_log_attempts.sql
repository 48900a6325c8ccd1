-- The access logs show denied attempts beside granted passages (issue 32): a person's and a door's
-- page of both, newest first, read from an index of both kinds as the whole log's is (011).
CREATE INDEX access_events_user_people_idx ON access_events (user_id, occurred_at DESC, id DESC)
  WHERE kind IN ('granted', 'denied');
CREATE INDEX access_events_point_people_idx ON access_events (access_point_id, occurred_at DESC, id DESC)
  WHERE kind IN ('granted', 'denied');
