-- The People tab lists everyone or only the disabled in name order, a keyset page at a time, with
-- or without a department: the same walks as the active-only indexes of 010, for the other states.
CREATE INDEX users_name_idx ON users (last_name, first_name, id);
CREATE INDEX users_department_name_idx ON users (department_id, last_name, first_name, id);
CREATE INDEX users_disabled_name_idx ON users (last_name, first_name, id) WHERE NOT active;
