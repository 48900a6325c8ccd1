-- Departments form a tree (issue 31): a department may sit inside another. A department with
-- sub-departments cannot be deleted (RESTRICT); a loop is refused by the service, which changes
-- the tree under a table lock, and a department is never its own parent.
ALTER TABLE departments
  ADD COLUMN parent_id integer REFERENCES departments (id) ON DELETE RESTRICT,
  ADD CONSTRAINT departments_not_own_parent CHECK (parent_id <> id);

CREATE INDEX departments_parent_idx ON departments (parent_id) WHERE parent_id IS NOT NULL;
