import { ApplyLeaveRequest, type LeaveHalf } from '@atrium/contract';
import { type Checked, checkForm, type FieldErrors, type Wording } from '@/lib/form-errors';
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
  /** The first day (or the only one): the whole day, or from the afternoon; a single day may be the morning. */
  startHalf: DayPart;
  /** The last day: the whole day, or until noon. */
  endHalf: DayPart;
  reason: string;
}

export type DayPart = 'whole' | LeaveHalf;

export const emptyForm: LeaveForm = {
  leaveTypeId: '',
  startDate: '',
  endDate: '',
  startHalf: 'whole',
  endHalf: 'whole',
  reason: '',
};

/** The choices each select offers: a single day is whole, a morning or an afternoon. */
export function dayPartChoices(form: LeaveForm): {
  first: { value: DayPart; label: string }[];
  last: { value: DayPart; label: string }[] | null;
} {
  const whole = { value: 'whole' as const, label: 'Whole day' };
  if (form.startDate && form.startDate === form.endDate) {
    return {
      first: [
        whole,
        { value: 'morning', label: 'Morning only' },
        { value: 'afternoon', label: 'Afternoon only' },
      ],
      last: null,
    };
  }
  return {
    first: [whole, { value: 'afternoon', label: 'From the afternoon' }],
    last: [whole, { value: 'morning', label: 'Until noon (morning only)' }],
  };
}

/**
 * The halves as the server reads them: an afternoon start or a morning end counts that day 0.5;
 * a single morning ends in the morning, a single afternoon starts in the afternoon. A choice the
 * current dates do not offer (a morning start over several days) is a whole day.
 */
export function halvesOf(form: LeaveForm): { startHalf?: LeaveHalf; endHalf?: LeaveHalf } {
  const single = form.startDate !== '' && form.startDate === form.endDate;
  if (single) {
    if (form.startHalf === 'morning') return { endHalf: 'morning' };
    if (form.startHalf === 'afternoon') return { startHalf: 'afternoon' };
    return {};
  }
  return {
    ...(form.startHalf === 'afternoon' ? { startHalf: 'afternoon' as const } : {}),
    ...(form.endHalf === 'morning' ? { endHalf: 'morning' as const } : {}),
  };
}

export type FormErrors = FieldErrors<keyof LeaveForm>;

export const messages = {
  type: 'Please select a leave type',
  start: 'Start date is required',
  end: 'End date is required',
  order: 'End date must be after start date',
  reason: 'Please provide a reason for your leave',
} as const;

const LABELS: Record<keyof LeaveForm, string> = {
  leaveTypeId: 'Leave type',
  startDate: 'Start date',
  endDate: 'End date',
  startHalf: 'First day',
  endHalf: 'Last day',
  reason: 'Reason',
};

/** The spec's sentences for the rules it words; the contract's other rules read "Reason must be at most 2000 characters". */
const WORDING: Wording<keyof LeaveForm> = {
  leaveTypeId: { invalid_type: messages.type },
  startDate: { invalid_type: messages.start },
  endDate: { invalid_type: messages.end },
  reason: { too_small: messages.reason },
};

const STEP_FIELDS: Record<1 | 2 | 3, readonly (keyof LeaveForm)[]> = {
  1: ['leaveTypeId'],
  2: ['startDate', 'endDate', 'startHalf', 'endHalf'],
  3: ['reason'],
};

/**
 * The form checked with the contract's ApplyLeaveRequest (an empty field is a missing one), plus
 * the order of the dates, which the server checks too (rule after_start).
 */
function check(form: LeaveForm): Checked<ApplyLeaveRequest, keyof LeaveForm> {
  const checked = checkForm(
    ApplyLeaveRequest,
    {
      leaveTypeId: form.leaveTypeId ? Number(form.leaveTypeId) : undefined,
      startDate: form.startDate || undefined,
      endDate: form.endDate || undefined,
      ...halvesOf(form),
      reason: form.reason,
    },
    LABELS,
    WORDING,
  );
  // The same day is allowed: only an end strictly before the start is wrong.
  const misordered = form.startDate && form.endDate && form.endDate < form.startDate;
  if (!misordered) return checked;
  const errors = checked.ok ? {} : checked.errors;
  if (!errors.startDate && !errors.endDate) errors.endDate = messages.order;
  return { ok: false, errors };
}

function onStep(step: WizardStep, errors: FormErrors): FormErrors {
  const shown: FormErrors = {};
  for (const field of step === 4 ? [] : STEP_FIELDS[step]) if (errors[field]) shown[field] = errors[field];
  return shown;
}

export function validateStep(step: WizardStep, form: LeaveForm): FormErrors {
  const checked = check(form);
  return checked.ok ? {} : onStep(step, checked.errors);
}

/** Either the request to send, or the first step with a problem (where the user goes back to). */
export type Validated =
  | { firstStep: null; request: ApplyLeaveRequest }
  | { firstStep: WizardStep; errors: FormErrors };

/** Submit re-validates every step. */
export function validateAll(form: LeaveForm): Validated {
  const checked = check(form);
  if (checked.ok) return { firstStep: null, request: checked.data };
  const firstStep = ([1, 2, 3] as const).find((step) => Object.keys(onStep(step, checked.errors)).length > 0);
  return { firstStep: firstStep ?? 1, errors: onStep(firstStep ?? 1, checked.errors) };
}

/** Today on the organisation's clock, YYYY-MM-DD: the earliest day the pickers offer. */
export const localToday = organisationToday;
