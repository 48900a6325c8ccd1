import type { Db } from '../src/db/connection';
import { makeAttendance, makeDepartment, makeUsers } from './factories';
import { type Suite, useSuite } from './suite';

/**
 * Shared by the admin attendance test files: Europe/London, the clock at Wednesday 8 July 2026
 * 15:00 BST, and a signed-in admin.
 */
export const NOW = new Date('2026-07-08T14:00:00Z');

export const attendanceSuite = (): Suite => useSuite({ timeZone: 'Europe/London', now: NOW });

/** Audit rows of one action on one target. */
export const auditsOf = (db: Db, action: string, targetId: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

export function attendanceHelpers(suite: Suite) {
  return {
    /** A team in its own department, so each test counts only its own people. */
    team: (name: string, size: number) => makeUsers(suite.db, size, { department: name }),
    departmentId: async (name: string) => (await makeDepartment(suite.db, name)).id,
    /** A record with check-in (and check-out) as UTC times of day on `date`. */
    record: (user: { id: number }, date: string, inUtc: string, outUtc: string | null = null) =>
      makeAttendance(suite.db, { user, date, checkIn: inUtc, checkOut: outUtc }),
    audits: (action: string, targetId: number) => auditsOf(suite.db, action, targetId),
  };
}
