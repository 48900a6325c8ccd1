import { z } from 'zod';
import { Text } from './common';

/** A leave type's rule book as the Policies tab edits it, and who decides its applications. */

/**
 * Who decides a type's applications when its policy requires approval: the applicant's manager,
 * an administrator, or the manager and then an administrator.
 */
export const ApprovalRoute = z.enum(['manager', 'admin', 'manager_then_admin']);
export type ApprovalRoute = z.infer<typeof ApprovalRoute>;

export const LeavePolicy = z.object({
  id: z.number().int(),
  leave_type_id: z.number().int(),
  leave_code: z.string(),
  name: z.string(),
  description: z.string(),
  max_days: z.number().int(),
  carry_forward: z.boolean(),
  carry_forward_cap: z.number().int(),
  requires_approval: z.boolean(),
  approval_route: ApprovalRoute,
  /** More days than this adds an administrator's step after the manager's; null: never. */
  admin_step_over_days: z.number().int().nullable(),
  working_days_only: z.boolean(),
  /** Whether its days are paid: the Payroll report's leave columns say paid or unpaid. */
  paid: z.boolean(),
  applications: z.number().int(),
});
export type LeavePolicy = z.infer<typeof LeavePolicy>;
export const LeavePoliciesResponse = z.object({ policies: z.array(LeavePolicy) });
export type LeavePoliciesResponse = z.infer<typeof LeavePoliciesResponse>;
export const LeavePolicyResponse = z.object({ policy: LeavePolicy });
export type LeavePolicyResponse = z.infer<typeof LeavePolicyResponse>;

/** A number of days in a year, as the policy form and the server both check it. */
const DaysPerYear = z
  .number({ error: 'must be a whole number from 0 to 366' })
  .int({ error: 'must be a whole number from 0 to 366' })
  .min(0, { error: 'must be a whole number from 0 to 366' })
  .max(366, { error: 'must be a whole number from 0 to 366' });

export const LeavePolicyRequest = z.object({
  name: Text(80).min(1, { error: 'must not be blank' }),
  leaveCode: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,15}$/, {
      error: 'must be 1-16 capital letters, digits or _, starting with a letter',
    }),
  description: Text(500).default(''),
  maxDays: DaysPerYear,
  carryForward: z.boolean(),
  carryForwardCap: DaysPerYear.default(0),
  requiresApproval: z.boolean(),
  approvalRoute: ApprovalRoute.default('manager'),
  adminStepOverDays: DaysPerYear.nullable().default(null),
  workingDaysOnly: z.boolean().default(false),
  /** Paid leave unless said otherwise (the Payroll report's leave columns). */
  paid: z.boolean().default(true),
});
export type LeavePolicyRequest = z.input<typeof LeavePolicyRequest>;
