-- The picture of an access event's moment from each camera watching its access point: a copy of
-- the camera's latest frame, taken as the event arrives, kept under DATA_DIR/video/<camera>/access/
-- for as long as the camera keeps its recordings.
CREATE TABLE access_event_snapshots (
  access_event_id  bigint NOT NULL,
  -- access_events is partitioned by occurred_at: its key is (id, occurred_at).
  occurred_at      timestamptz NOT NULL,
  camera_id        integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  -- When the camera's frame was made (within a few seconds of the event).
  taken_at         timestamptz NOT NULL,
  -- Relative to DATA_DIR/video.
  path             text NOT NULL UNIQUE,
  PRIMARY KEY (access_event_id, camera_id),
  FOREIGN KEY (access_event_id, occurred_at) REFERENCES access_events (id, occurred_at) ON DELETE CASCADE
);
CREATE INDEX access_event_snapshots_camera_time_idx ON access_event_snapshots (camera_id, taken_at);
