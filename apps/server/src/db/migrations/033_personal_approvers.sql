-- Someone who is a person's own leave approver acts as a manager (standing.repository's
-- actingRole asks this with every session read), so the question needs an index.
CREATE INDEX users_leave_approver_idx ON users (leave_approver_id) WHERE leave_approver_id IS NOT NULL;
