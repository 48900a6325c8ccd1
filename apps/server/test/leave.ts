import type { Db } from '../src/db/connection';
import { listLeaveTypes } from '../src/modules/leave/policies.repository';
import type { LoggedIn } from './fixtures';
import type { Suite } from './suite';

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

/**
 * The requests the leave decision tests make, on a suite whose Annual Leave counts calendar days:
 * a new member of staff, an application of theirs, a decision on it, their Annual Leave balance.
 */
export function leaveRequests(suite: Suite) {
  let annual: number | undefined;
  const annualId = async () => {
    annual ??= await leaveTypeId(suite.db, 'Annual Leave');
    return annual;
  };
  return {
    staff: async () => {
      const session = await suite.signedIn();
      return { ...session, id: session.user.id };
    },
    applyFor: async (s: LoggedIn, startDate: string, endDate: string): Promise<number> => {
      const res = await suite.http.post('/api/leave/apply', s, {
        leaveTypeId: await annualId(),
        startDate,
        endDate,
        reason: 'Rest',
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().application.id;
    },
    decide: (who: LoggedIn, id: number, status: string, adminComments?: string) =>
      suite.http.put(`/api/leave/applications/${id}/status`, who, { status, adminComments }),
    annualBalance: async (s: LoggedIn) =>
      (await suite.http.get('/api/leave/my-balance', s))
        .json()
        .balances.find((b: { leave_type: string }) => b.leave_type === 'Annual Leave'),
  };
}
