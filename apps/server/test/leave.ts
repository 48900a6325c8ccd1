import type { Db } from '../src/db/connection';
import { listLeaveTypes } from '../src/modules/leave/policies.repository';

/** Shared by the leave test files: a fixed "now" (the organisation's zone stays UTC). */

/** 15 June 2026, mid-morning UTC. */
export const NOW = new Date('2026-06-15T10:00:00Z');
export const TODAY = '2026-06-15';

export async function leaveTypeId(db: Db, name: string): Promise<number> {
  const found = (await listLeaveTypes(db)).find((t) => t.leave_name === name);
  if (!found) throw new Error(`no leave type ${name}`);
  return found.id;
}

/**
 * Makes a type count calendar days. The older leave tests were written when every type did;
 * working days have their own tests (working-days.test.ts).
 */
export async function countCalendarDays(db: Db, name: string): Promise<void> {
  const id = await leaveTypeId(db, name);
  await db
    .updateTable('leave_policies')
    .set({ working_days_only: false })
    .where('leave_type_id', '=', id)
    .execute();
}
