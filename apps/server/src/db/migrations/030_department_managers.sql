-- Departments have managers (issue 31): one or more, in order; the first decides, the others
-- stand in. Managing a department reaches every department below it, and a staff member who
-- manages one acts as a manager: the role follows these rows (read with the session), it is not
-- stored. Replaces departments.manager_id, which held one manager.
CREATE TABLE department_managers (
  department_id integer NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  PRIMARY KEY (department_id, user_id),
  UNIQUE (department_id, position)
);

-- "Which departments does this person manage": every session read of a manager asks it.
CREATE INDEX department_managers_user_idx ON department_managers (user_id);

INSERT INTO department_managers (department_id, user_id, position)
SELECT id, manager_id, 0 FROM departments WHERE manager_id IS NOT NULL;

ALTER TABLE departments DROP COLUMN manager_id;
