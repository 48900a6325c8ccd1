-- Access levels (issue 32): what a permission grants is a set of doors, each with a weekly
-- schedule, rather than an area. An area stays a place (reports group doors by it); a level is
-- what an administrator grants, and what the controllers receive as door rights and time plans.
CREATE TABLE access_levels (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
  description  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One segment a day on the chosen weekdays (1 Monday .. 7 Sunday), on the organisation's clock:
-- "weekdays 06:00-20:00". ends is exclusive; 24:00 is the end of the day.
CREATE TABLE access_level_doors (
  level_id         integer NOT NULL REFERENCES access_levels (id) ON DELETE CASCADE,
  access_point_id  integer NOT NULL REFERENCES access_points (id) ON DELETE CASCADE,
  days             smallint[] NOT NULL DEFAULT '{1,2,3,4,5,6,7}'
                   CHECK (cardinality(days) BETWEEN 1 AND 7 AND days <@ '{1,2,3,4,5,6,7}'),
  starts           time NOT NULL DEFAULT '00:00',
  ends             time NOT NULL DEFAULT '24:00',
  CHECK (ends > starts),
  PRIMARY KEY (level_id, access_point_id)
);
CREATE INDEX access_level_doors_point_idx ON access_level_doors (access_point_id);

-- Every area becomes a level of the same name with its doors at all hours, so nobody's access
-- changes on upgrade.
INSERT INTO access_levels (name, description)
  SELECT name, description FROM access_areas ORDER BY id;
INSERT INTO access_level_doors (level_id, access_point_id)
  SELECT l.id, p.id
  FROM access_points p
  JOIN access_areas a ON a.id = p.area_id
  JOIN access_levels l ON l.name = a.name;

ALTER TABLE access_permissions ADD COLUMN level_id integer REFERENCES access_levels (id) ON DELETE CASCADE;
UPDATE access_permissions p SET level_id = l.id
  FROM access_areas a JOIN access_levels l ON l.name = a.name
  WHERE a.id = p.area_id;
ALTER TABLE access_permissions ALTER COLUMN level_id SET NOT NULL;
ALTER TABLE access_permissions DROP COLUMN area_id;
ALTER TABLE access_permissions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX access_permissions_person_uq ON access_permissions (level_id, user_id)
  WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX access_permissions_department_uq ON access_permissions (level_id, department_id)
  WHERE department_id IS NOT NULL;
CREATE INDEX access_permissions_level_idx ON access_permissions (level_id);

-- What Atrium has written to each controller: a person's fingerprint (name, validity, time
-- plans, card) as last accepted. What should be there, compared with this, is the work waiting.
CREATE TABLE device_people (
  device_id    integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  employee_no  text NOT NULL,
  fingerprint  text NOT NULL,
  card_no      text,
  written_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, employee_no)
);

-- The weekly plans written to a controller, by the plan number they hold there; a number stays
-- with its schedule so that a new schedule does not rewrite everyone's door rights.
CREATE TABLE device_plans (
  device_id    integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  plan_no      smallint NOT NULL CHECK (plan_no BETWEEN 1 AND 255),
  schedule     text NOT NULL,
  PRIMARY KEY (device_id, plan_no),
  UNIQUE (device_id, schedule)
);

ALTER TABLE devices
  -- Changes computed but not yet accepted by the device (0: in sync), of sync_total at the start.
  ADD COLUMN sync_pending      integer NOT NULL DEFAULT 0,
  ADD COLUMN sync_total        integer NOT NULL DEFAULT 0,
  ADD COLUMN synced_at         timestamptz,
  ADD COLUMN sync_error        text,
  ADD COLUMN sync_failures     integer NOT NULL DEFAULT 0,
  -- An unreachable device is tried again from this moment (backoff).
  ADD COLUMN sync_retry_at     timestamptz,
  -- One process syncs a device at a time: it holds this lease while it writes.
  ADD COLUMN sync_lease_until  timestamptz,
  -- Resync asked: the device's own lists are read back and everything is written again.
  ADD COLUMN resync_requested  boolean NOT NULL DEFAULT true;
