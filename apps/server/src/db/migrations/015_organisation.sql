-- The organisation's own calendar: public holidays are workdays for nobody.
CREATE TABLE public_holidays (
  id          serial PRIMARY KEY,
  date        date NOT NULL UNIQUE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- New departments start with the organisation's default work week once an administrator sets
-- one (settings key 'work_week', ISO weekdays); until then Monday to Friday as before.
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
  ON CONFLICT (department_id) DO NOTHING;
  RETURN NEW;
END $$;
