-- Sites (issue 35): buildings, each with its own time zone, work week and holidays. The
-- organisation's zone and work week become the first site's, so an install upgraded from one
-- zone has one site and looks as before. The first site (lowest id) is the organisation's own:
-- what belongs nowhere else belongs there, and it cannot be removed.
CREATE TABLE sites (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  time_zone   text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  address     text CHECK (length(address) <= 200),
  latitude    double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude   double precision CHECK (longitude BETWEEN -180 AND 180),
  -- Radius around the coordinates that counts as being at the site (offline and kiosk clocking).
  geofence_m  integer CHECK (geofence_m BETWEEN 10 AND 100000),
  work_week   smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
CREATE UNIQUE INDEX sites_name_key ON sites (lower(name));

INSERT INTO sites (name, time_zone, work_week)
SELECT 'Head Office',
       coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'timezone' AND jsonb_typeof(value) = 'string'), 'UTC'),
       coalesce((SELECT array_agg(d.day::smallint ORDER BY d.day::smallint)
                 FROM settings s, jsonb_array_elements_text(s.value) AS d(day)
                 WHERE s.key = 'work_week' AND jsonb_typeof(s.value) = 'array'), '{1,2,3,4,5}');
DELETE FROM settings WHERE key = 'work_week';

-- The organisation's own site, the default of every site column.
CREATE FUNCTION first_site() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT min(id) FROM sites $$;

ALTER TABLE departments ADD COLUMN site_id integer NOT NULL DEFAULT first_site() REFERENCES sites (id);
-- A person's own site overrides their department's (someone in Finance who sits in the warehouse).
ALTER TABLE users ADD COLUMN site_id integer REFERENCES sites (id);
ALTER TABLE access_points ADD COLUMN site_id integer NOT NULL DEFAULT first_site() REFERENCES sites (id);
ALTER TABLE devices ADD COLUMN site_id integer NOT NULL DEFAULT first_site() REFERENCES sites (id);
ALTER TABLE cameras ADD COLUMN site_id integer NOT NULL DEFAULT first_site() REFERENCES sites (id);
CREATE INDEX departments_site_idx ON departments (site_id);
CREATE INDEX users_site_idx ON users (site_id) WHERE site_id IS NOT NULL;
CREATE INDEX devices_site_idx ON devices (site_id);
CREATE INDEX cameras_site_idx ON cameras (site_id);

-- A holiday of one site, or of every site when site_id is null.
ALTER TABLE public_holidays ADD COLUMN site_id integer REFERENCES sites (id) ON DELETE CASCADE;
ALTER TABLE public_holidays DROP CONSTRAINT public_holidays_date_key;
CREATE UNIQUE INDEX public_holidays_date_site_key ON public_holidays (date, site_id) NULLS NOT DISTINCT;

-- New departments start with their site's work week (the organisation's setting before sites).
CREATE OR REPLACE FUNCTION departments_default_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_schedules (department_id, workdays)
  SELECT NEW.id, CASE WHEN NEW.name IN ('Security', 'Showrooms')
                      THEN '{1,2,3,4,5,6,7}'::smallint[]
                      ELSE coalesce(s.work_week, '{1,2,3,4,5}'::smallint[]) END
  FROM (SELECT 1) AS one LEFT JOIN sites s ON s.id = NEW.site_id
  ON CONFLICT (department_id, effective_from) DO NOTHING;
  RETURN NEW;
END $$;
