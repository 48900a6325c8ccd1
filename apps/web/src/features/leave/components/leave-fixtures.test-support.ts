import type { LeaveApplication } from '@atrium/contract';

/** The manager a pending fixture waits for, unless a test says otherwise. */
export const WAREHOUSE_MANAGER = { id: 3, name: 'Sam Rivera' };

/**
 * A leave application as the server sends it, for the leave tests: `first` Doe's three days of
 * Annual Leave in Warehouse. A pending one waits at the manager step for the Warehouse manager; a
 * decided one waits nowhere. `over` replaces any field.
 */
export function leaveApplication(
  id: number,
  first: string,
  over: Partial<LeaveApplication> = {},
): LeaveApplication {
  const pending = (over.status ?? 'pending') === 'pending';
  return {
    id,
    user: { id: id + 100, name: `${first} Doe` },
    user_id: id + 100,
    first_name: first,
    last_name: 'Doe',
    email: `${first.toLowerCase()}@atrium.local`,
    department_id: 1,
    department_name: 'Warehouse',
    leave_type_id: 1,
    leave_type_name: 'Annual Leave',
    start_date: '2026-12-01',
    end_date: '2026-12-03',
    days_requested: 3,
    start_half: null,
    end_half: null,
    reason: 'Trip',
    status: 'pending',
    applied_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    decided_by: null,
    on_behalf_of: null,
    decided_at: null,
    admin_comments: null,
    approval_step: pending ? 'manager' : null,
    approver: pending ? WAREHOUSE_MANAGER : null,
    admin_step: false,
    manager_approved_by: null,
    manager_approved_at: null,
    ...over,
  };
}
