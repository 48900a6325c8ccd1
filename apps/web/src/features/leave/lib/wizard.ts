import { inclusiveDays as countInclusive } from '@atrium/contract/calendar';
import { organisationToday } from '@/lib/org-time';
/**
 * The leave wizard's rules (spec section 5), kept apart from the screen so they are tested
 * on their own. Texts are the spec's, word for word.
 */

export const WIZARD_STEPS = ['Type', 'Dates', 'Details', 'Review'] as const;
export type WizardStep = 1 | 2 | 3 | 4;

export interface LeaveForm {
  leaveTypeId: string;
  startDate: string;
  endDate: string;
  reason: string;
}

export const emptyForm: LeaveForm = { leaveTypeId: '', startDate: '', endDate: '', reason: '' };

export type FormErrors = Partial<Record<keyof LeaveForm, string>>;

export const messages = {
  type: 'Please select a leave type',
  start: 'Start date is required',
  end: 'End date is required',
  order: 'End date must be after start date',
  reason: 'Please provide a reason for your leave',
} as const;

export function validateStep(step: WizardStep, form: LeaveForm): FormErrors {
  const errors: FormErrors = {};
  if (step === 1 && !form.leaveTypeId) errors.leaveTypeId = messages.type;
  if (step === 2) {
    if (!form.startDate) errors.startDate = messages.start;
    if (!form.endDate) errors.endDate = messages.end;
    // The same day is allowed: only an end strictly before the start is wrong.
    else if (form.startDate && form.endDate < form.startDate) errors.endDate = messages.order;
  }
  if (step === 3 && !form.reason.trim()) errors.reason = messages.reason;
  return errors;
}

/** Submit re-validates every step; the first step with a problem is where the user goes back to. */
export function validateAll(form: LeaveForm): { errors: FormErrors; firstStep: WizardStep | null } {
  for (const step of [1, 2, 3] as const) {
    const errors = validateStep(step, form);
    if (Object.keys(errors).length > 0) return { errors, firstStep: step };
  }
  return { errors: {}, firstStep: null };
}

/** Inclusive: end - start + 1 days; 0 while either date is missing or they are in the wrong order. */
export function inclusiveDays(start: string, end: string): number {
  if (!start || !end || end < start) return 0;
  return countInclusive(start, end);
}

/** Today on the organisation's clock, YYYY-MM-DD: the earliest day the pickers offer. */
export const localToday = organisationToday;
