import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { demoAccounts } from './people.data';

/**
 * Each demo department gets a manager: Warehouse the demo manager account, every other one its
 * longest-standing active staff member (lowest id), never the demo user, who stays plain staff.
 * Managing Facilities reaches Security inside it.
 */
export async function seedDepartmentManagers(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO department_managers (department_id, user_id, position)
    SELECT d.id, m.id, 0
    FROM departments d
    CROSS JOIN LATERAL (
      SELECT u.id FROM users u
      WHERE u.active AND u.department_id = d.id AND u.role = 'staff' AND u.email <> ${demoAccounts.user.email}
      ORDER BY u.email = ${demoAccounts.manager.email} DESC, u.id
      LIMIT 1
    ) m
    ON CONFLICT DO NOTHING`.execute(db);
}

/**
 * The demo shows each way leave is routed: Unpaid Leave goes to the manager and then an
 * administrator, Annual Leave of more than ten days adds the administrator too; the rest go to
 * the manager alone (the default).
 */
export async function seedLeaveRouting(db: Kysely<Database>): Promise<void> {
  await sql`
    UPDATE leave_policies p SET approval_route = 'manager_then_admin'
    FROM leave_types t WHERE t.id = p.leave_type_id AND t.leave_code = 'UL'`.execute(db);
  await sql`
    UPDATE leave_policies p SET admin_step_over_days = 10
    FROM leave_types t WHERE t.id = p.leave_type_id AND t.leave_code = 'AL'`.execute(db);
}
