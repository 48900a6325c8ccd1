import type { Db } from '../../src/db/connection';
import { bookApplication, ensureLeaveYear } from '../../src/modules/leave/balances';
import { closePending, insertApplication } from '../../src/modules/leave/leave.repository';
import { insertPolicy, listLeaveTypes, type PolicyValues } from '../../src/modules/leave/policies.repository';
import { makeUser, tag } from './people';

export interface LeaveOptions {
  user?: { id: number };
  /** Leave type name; Annual Leave unless given. */
  type?: string;
  start: string;
  end: string;
  status?: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reason?: string;
  /** When it was applied for (and decided); the ledger lines carry it too. */
  at?: Date;
  /** Who decided; the applicant unless given. */
  decidedBy?: { id: number };
}

/**
 * A leave application booked in the ledger exactly as the services book it (pending, then its
 * decision), so balances add up. Creates a staff member unless `user` is given.
 */
export async function makeLeaveApplication(db: Db, options: LeaveOptions) {
  const user = options.user ?? (await makeUser(db));
  const typeName = options.type ?? 'Annual Leave';
  const type = (await listLeaveTypes(db)).find((t) => t.leave_name === typeName);
  if (!type) throw new Error(`no leave type ${typeName}`);
  const at = options.at ?? new Date(`${options.start}T09:00:00Z`);
  const status = options.status ?? 'pending';
  return db.transaction().execute(async (trx) => {
    for (let year = Number(options.start.slice(0, 4)); year <= Number(options.end.slice(0, 4)); year++)
      await ensureLeaveYear(trx, user.id, year, year);
    const created = await insertApplication(trx, {
      user_id: user.id,
      leave_type_id: type.id,
      start_date: options.start,
      end_date: options.end,
      reason: options.reason ?? 'Test leave',
      status: 'pending',
      at,
      admin_comments: null,
    });
    await bookApplication(trx, created, 'application_pending', { userId: user.id, at, note: 'Applied' });
    if (status !== 'pending') {
      const by = options.decidedBy?.id ?? user.id;
      const closed = await closePending(trx, created.id, { status, by, at, comments: null });
      await bookApplication(trx, closed!, `application_${status}`, { userId: by, at, note: status });
    }
    return { id: created.id, user, leaveTypeId: type.id };
  });
}

/** A leave type with its policy, as the policy editor creates them (no carry forward unless given). */
export async function makeLeaveType(db: Db, options: Partial<PolicyValues> = {}) {
  const t = tag();
  const values: PolicyValues = {
    name: options.name ?? `Leave ${t}`,
    leaveCode: options.leaveCode ?? `L${t.slice(0, 4)}`.toUpperCase(),
    description: options.description ?? '',
    maxDays: options.maxDays ?? 10,
    carryForward: options.carryForward ?? false,
    carryForwardCap: options.carryForwardCap ?? 0,
    requiresApproval: options.requiresApproval ?? true,
    approvalRoute: options.approvalRoute ?? 'manager',
    adminStepOverDays: options.adminStepOverDays ?? null,
    workingDaysOnly: options.workingDaysOnly ?? false,
    paid: options.paid ?? true,
  };
  const policyId = await insertPolicy(db, values);
  const type = (await listLeaveTypes(db)).find((lt) => lt.leave_name === values.name)!;
  return { id: type.id, policyId, ...values };
}
