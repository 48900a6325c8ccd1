-- The attendance list walks people in name order for each day of its range and stops at the end
-- of the page; the department filter walks the same order within one department.
CREATE INDEX users_active_name_idx ON users (last_name, first_name, id) WHERE active;
CREATE INDEX users_active_department_name_idx ON users (department_id, last_name, first_name, id) WHERE active;
