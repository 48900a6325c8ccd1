-- People counting: what counters pushed (windows and cumulative readings) and an hourly rollup
-- per device that every screen reads, so a year of 15-minute windows stays cheap to report on.

-- A window of counts (ISAPI statisticalMethods timeRange, or the difference between two
-- realTime readings). The same window sent again is the same row: it counts once.
CREATE TABLE counting_windows (
  device_id     integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  window_start  timestamptz NOT NULL,
  window_end    timestamptz NOT NULL,
  entries       integer NOT NULL CHECK (entries >= 0),
  exits         integer NOT NULL CHECK (exits >= 0),
  passby        integer NOT NULL CHECK (passby >= 0),
  source        text NOT NULL CHECK (source IN ('timeRange', 'realTime')),
  received_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, window_start, window_end),
  CHECK (window_end > window_start AND window_end - window_start <= interval '1 day')
);

-- Cumulative realTime readings since the counter's daily reset. Kept so that a reading that
-- arrives late is placed between its neighbours and the differences are recomputed.
CREATE TABLE counting_readings (
  device_id   integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  reading_at  timestamptz NOT NULL,
  entries     integer NOT NULL CHECK (entries >= 0),
  exits       integer NOT NULL CHECK (exits >= 0),
  passby      integer NOT NULL CHECK (passby >= 0),
  PRIMARY KEY (device_id, reading_at)
);

-- Sums per device per hour (the hour a window starts in), upserted with each new window.
CREATE TABLE counting_hourly (
  device_id  integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  hour       timestamptz NOT NULL,
  entries    integer NOT NULL DEFAULT 0,
  exits      integer NOT NULL DEFAULT 0,
  passby     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (device_id, hour)
);
CREATE INDEX counting_hourly_hour_idx ON counting_hourly (hour);
