-- Video surveillance: cameras that supervised ffmpeg pipelines read, their recorded segments,
-- and their events (motion, and the online/offline changes uptime is computed from).

CREATE TABLE cameras (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Shown as the device id in alerts and lists (CAM-01).
  code                text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9-]{1,20}$'),
  name                text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 100),
  location            text NOT NULL DEFAULT '' CHECK (length(location) <= 200),
  -- May hold credentials (rtsp://user:pass@host/...): never sent back to a browser as it is.
  stream_url          text NOT NULL CHECK (length(stream_url) <= 2000),
  access_point_id     integer NULL REFERENCES access_points (id) ON DELETE SET NULL,
  recording_enabled   boolean NOT NULL DEFAULT true,
  retention_hours     integer NOT NULL DEFAULT 72 CHECK (retention_hours BETWEEN 1 AND 8760),
  retention_max_mb    integer NOT NULL DEFAULT 2048 CHECK (retention_max_mb BETWEEN 10 AND 10000000),
  motion_sensitivity  integer NOT NULL DEFAULT 60 CHECK (motion_sensitivity BETWEEN 1 AND 100),
  enabled             boolean NOT NULL DEFAULT true,
  -- What the supervisor last saw: frames flowing is online.
  status              text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline')),
  status_changed_at   timestamptz NOT NULL DEFAULT now(),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cameras_name_key ON cameras (lower(name));
CREATE INDEX cameras_access_point_idx ON cameras (access_point_id) WHERE access_point_id IS NOT NULL;

-- Continuous recording, one row per finished segment file under DATA_DIR/video/<camera>/rec/.
CREATE TABLE recording_segments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  camera_id   integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  started_at  timestamptz NOT NULL,
  ended_at    timestamptz NOT NULL,
  -- Relative to DATA_DIR/video.
  path        text NOT NULL UNIQUE,
  bytes       bigint NOT NULL CHECK (bytes >= 0),
  CHECK (ended_at >= started_at)
);
CREATE INDEX recording_segments_camera_time_idx ON recording_segments (camera_id, started_at);

-- Motion (from Atrium's detector or pushed by the camera) and status changes. An offline event
-- ends when the camera is back; a motion event ends when the picture is still again.
CREATE TABLE video_events (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  camera_id      integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('motion', 'offline', 'online')),
  source         text NOT NULL DEFAULT 'detector' CHECK (source IN ('detector', 'camera', 'supervisor')),
  started_at     timestamptz NOT NULL,
  ended_at       timestamptz NULL,
  detail         text NULL CHECK (length(detail) <= 500),
  -- Relative to DATA_DIR/video.
  snapshot_path  text NULL,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE INDEX video_events_time_idx ON video_events (started_at DESC, id DESC);
CREATE INDEX video_events_camera_kind_time_idx ON video_events (camera_id, kind, started_at DESC);
