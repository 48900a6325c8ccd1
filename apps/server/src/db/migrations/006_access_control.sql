-- Building access control: areas and permissions, doors and the devices on them, every event
-- the devices push (partitioned by month), presence and daily rollups kept with each event, and
-- the one alerts table doors, cameras, counters and the system share.

CREATE TABLE access_areas (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
  description  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- A permission belongs to one person or to one whole department, never both.
CREATE TABLE access_permissions (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  area_id        integer NOT NULL REFERENCES access_areas (id) ON DELETE CASCADE,
  user_id        integer REFERENCES users (id) ON DELETE CASCADE,
  department_id  integer REFERENCES departments (id) ON DELETE CASCADE,
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  valid_from     date,
  valid_until    date,
  created_by     integer REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (department_id IS NULL)),
  CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_until >= valid_from)
);
CREATE UNIQUE INDEX access_permissions_person_uq ON access_permissions (area_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX access_permissions_department_uq ON access_permissions (area_id, department_id)
  WHERE department_id IS NOT NULL;
CREATE INDEX access_permissions_user_idx ON access_permissions (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX access_permissions_department_idx ON access_permissions (department_id) WHERE department_id IS NOT NULL;

-- A door (or turnstile) as people know it: "Main Entrance".
CREATE TABLE access_points (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                   text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
  area_id                integer NOT NULL REFERENCES access_areas (id),
  -- Granted passages here are check-ins and check-outs.
  counts_for_attendance  boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now()
);

-- Door controllers now; people counters share the table, the push URL and its secret.
CREATE TABLE devices (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The code users see and devices report (HK-101).
  device_id         text NOT NULL UNIQUE CHECK (device_id ~ '^[A-Za-z0-9_-]{1,32}$'),
  type              text NOT NULL DEFAULT 'access_controller'
                    CONSTRAINT devices_type_check CHECK (type IN ('access_controller', 'counter')),
  name              text NOT NULL CHECK (btrim(name) <> ''),
  model             text,
  location          text NOT NULL DEFAULT '',
  access_point_id   integer REFERENCES access_points (id) ON DELETE SET NULL,
  -- both: card reader 1 records entries, reader 2 exits.
  direction         text NOT NULL DEFAULT 'both' CHECK (direction IN ('entry', 'exit', 'both')),
  -- Where commands go (http://host:port); null when Atrium cannot reach the device.
  address           text,
  status            text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline', 'maintenance')),
  last_seen_at      timestamptz,
  -- sha256 (hex) of the secret inside the push URL; the secret itself is shown once.
  push_secret_hash  text UNIQUE,
  -- Digest credentials for commands: the password is encrypted with a server secret.
  command_username  text,
  command_password  text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_access_point_idx ON devices (access_point_id);

-- Encrypts the devices' command passwords at rest (AES-256-GCM in the server).
INSERT INTO server_secrets (name, value)
VALUES ('device_credentials_key', encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea
  || random()::text::bytea), 'hex'))
ON CONFLICT (name) DO NOTHING;

-- Every event a device sent (and every passage of the web reader), partitioned by month of the
-- device's time. event_key is the device's serial number, or for events without one a negative
-- number derived from the event's content; (device, event_key, time) decides duplicates.
CREATE TABLE access_events (
  id               bigint GENERATED ALWAYS AS IDENTITY,
  -- null for the web reader, which is not a device.
  device_ref       integer REFERENCES devices (id) ON DELETE SET NULL,
  -- The device code as reported or sent by the web reader, kept as it was.
  device_code      text NOT NULL,
  serial_no        bigint,
  event_key        bigint NOT NULL,
  occurred_at      timestamptz NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  major            integer NOT NULL,
  minor            integer NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('granted', 'denied', 'door', 'alarm', 'device')),
  action           text CHECK (action IN ('entry', 'exit')),
  access_point_id  integer REFERENCES access_points (id) ON DELETE SET NULL,
  user_id          integer REFERENCES users (id) ON DELETE SET NULL,
  card_no          text,
  employee_no      text,
  verify_mode      text,
  reader_no        integer,
  door_no          integer,
  backlog          boolean NOT NULL DEFAULT false,
  raw              jsonb NOT NULL,
  picture_path     text,
  PRIMARY KEY (id, occurred_at),
  CONSTRAINT access_events_once UNIQUE (device_ref, event_key, occurred_at),
  CHECK ((action IS NOT NULL) = (kind = 'granted'))
) PARTITION BY RANGE (occurred_at);

-- Passages newest first: the admin log, by person, by door; a device's events.
CREATE INDEX access_events_passages_idx ON access_events (occurred_at DESC, id DESC) WHERE kind = 'granted';
CREATE INDEX access_events_user_idx ON access_events (user_id, occurred_at DESC, id DESC) WHERE kind = 'granted';
CREATE INDEX access_events_point_idx ON access_events (access_point_id, occurred_at DESC, id DESC)
  WHERE kind = 'granted';
CREATE INDEX access_events_device_idx ON access_events (device_ref, occurred_at DESC, id DESC);
CREATE INDEX access_events_id_idx ON access_events (id);

-- Creates the month's partition (bounds are UTC month starts) if missing; safe to call from
-- several processes at once.
CREATE FUNCTION access_events_ensure_partition(month_start date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month_start)::date;
  part text := format('access_events_y%sm%s', to_char(first_day, 'YYYY'), to_char(first_day, 'MM'));
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('access_events_partition'));
  IF to_regclass(part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF access_events FOR VALUES FROM (%L) TO (%L)',
      part, (first_day::text || ' 00:00:00+00'), ((first_day + interval '1 month')::date::text || ' 00:00:00+00'));
  END IF;
END $$;

SELECT access_events_ensure_partition((date_trunc('month', now()) + make_interval(months => m))::date)
FROM generate_series(-3, 2) AS m;

-- Where each person is: their latest granted passage (kept with each event, newest wins).
CREATE TABLE access_presence (
  user_id          integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_action      text NOT NULL CHECK (last_action IN ('entry', 'exit')),
  last_at          timestamptz NOT NULL,
  access_point_id  integer REFERENCES access_points (id) ON DELETE SET NULL,
  event_id         bigint NOT NULL
);
CREATE INDEX access_presence_in_idx ON access_presence (last_at) WHERE last_action = 'entry';

-- Per organisation-local day: what the dashboards and reports read instead of raw history.
CREATE TABLE access_daily_counts (
  day      date PRIMARY KEY,
  entries  integer NOT NULL DEFAULT 0,
  exits    integer NOT NULL DEFAULT 0,
  denied   integer NOT NULL DEFAULT 0,
  alarms   integer NOT NULL DEFAULT 0
);

-- One table for every alert: doors, cameras, counters, the system.
CREATE TABLE alerts (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source            text NOT NULL CHECK (source IN ('access', 'video', 'counting', 'system')),
  kind              text NOT NULL CHECK (kind ~ '^[a-z0-9_]{1,64}$'),
  severity          text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  message           text NOT NULL,
  -- The device or camera code shown to users.
  device_id         text,
  camera_id         integer,
  access_event_id   bigint,
  occurred_at       timestamptz NOT NULL,
  resolved_at       timestamptz,
  acknowledged_by   integer REFERENCES users (id) ON DELETE SET NULL,
  acknowledged_at   timestamptz,
  acknowledge_note  text,
  CHECK ((acknowledged_by IS NULL OR acknowledged_at IS NOT NULL))
);
CREATE INDEX alerts_recent_idx ON alerts (occurred_at DESC, id DESC);
CREATE INDEX alerts_active_idx ON alerts (occurred_at DESC, id DESC)
  WHERE resolved_at IS NULL AND acknowledged_at IS NULL;
CREATE INDEX alerts_open_idx ON alerts (source, kind, device_id, camera_id) WHERE resolved_at IS NULL;

-- Pushes Atrium could not read, kept (bounded) so an operator can see what a device sends.
CREATE TABLE device_push_rejects (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_ref    integer REFERENCES devices (id) ON DELETE CASCADE,
  received_at   timestamptz NOT NULL DEFAULT now(),
  reason        text NOT NULL,
  content_type  text,
  -- The first bytes of the body as text (invalid bytes replaced), at most 4 KB.
  body_excerpt  text NOT NULL
);
CREATE INDEX device_push_rejects_device_idx ON device_push_rejects (device_ref, received_at DESC);
