-- Work schedules with history: a department's schedule is a series of versions, each in force
-- from its effective_from until the next one, so changing a schedule today never re-judges an
-- earlier day. The rows that existed before are in force since long before any record.
ALTER TABLE work_schedules ADD COLUMN effective_from date NOT NULL DEFAULT '2000-01-01';
ALTER TABLE work_schedules DROP CONSTRAINT work_schedules_pkey;
ALTER TABLE work_schedules ADD PRIMARY KEY (department_id, effective_from);

-- A new department's first version is in force from the far past too (it has no earlier days).
CREATE OR REPLACE FUNCTION departments_default_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  week smallint[];
BEGIN
  SELECT array_agg(d.day::smallint ORDER BY d.day::smallint) INTO week
  FROM settings s, jsonb_array_elements_text(s.value) AS d(day)
  WHERE s.key = 'work_week' AND jsonb_typeof(s.value) = 'array';
  INSERT INTO work_schedules (department_id, workdays)
  VALUES (NEW.id, CASE WHEN NEW.name IN ('Security', 'Showrooms')
                       THEN '{1,2,3,4,5,6,7}'::smallint[]
                       ELSE coalesce(week, '{1,2,3,4,5}'::smallint[]) END)
  ON CONFLICT (department_id, effective_from) DO NOTHING;
  RETURN NEW;
END $$;
