-- Cameras push their own events (ISAPI VMD, line and field detection) to a URL of their own,
-- authenticated by the secret inside it, as door controllers do.

-- sha256 (hex) of the secret inside the camera's push URL; the secret itself is shown once.
ALTER TABLE cameras ADD COLUMN push_secret_hash text UNIQUE;

-- A camera repeats "active" while motion lasts and may never send "inactive" (a lost packet, a
-- reboot): its open motion event then ends at the last active notice, kept here.
ALTER TABLE video_events ADD COLUMN last_signal_at timestamptz NULL;

-- At most one open camera-pushed motion event per camera, however the pushes interleave.
CREATE UNIQUE INDEX video_events_open_camera_motion_key ON video_events (camera_id)
  WHERE kind = 'motion' AND source = 'camera' AND ended_at IS NULL;
