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

const DAY_MS = 86_400_000;

/** Inclusive: end - start + 1 days; 0 while either date is missing or they are in the wrong order. */
export function inclusiveDays(start: string, end: string): number {
  if (!start || !end || end < start) return 0;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's date in the browser's zone as YYYY-MM-DD, the earliest day the pickers offer. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
