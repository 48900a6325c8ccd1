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
