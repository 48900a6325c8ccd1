import type { LeaveBalance, LeaveType } from '@atrium/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { Detail } from '@/components/ui/Detail';
import { FieldError } from '@/components/ui/FieldError';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { type DayCountParams, useApplyLeave, useDayCount } from '../api/leave-api';
import { formatPeriod, plural } from '../lib/format';
import {
  type DayPart,
  dayPartChoices,
  emptyForm,
  type FormErrors,
  halvesOf,
  type LeaveForm,
  localToday,
  validateAll,
  validateStep,
  type WizardStep,
} from '../lib/wizard';
import { StepIndicator } from './StepIndicator';

/**
 * Apply for Leave: Type, Dates, Details, Review. Next validates the step it leaves; Previous
 * goes back and clears the messages; Submit checks everything again. The parent unmounts this
 * on a tab switch, which is what resets it to step 1.
 */
export function ApplyWizard({
  types,
  balances,
  onDone,
}: {
  types: LeaveType[];
  balances: LeaveBalance[];
  onDone: () => void;
}) {
  const [step, setStep] = useState<WizardStep>(1);
  const [form, setForm] = useState<LeaveForm>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const apply = useApplyLeave();
  const toast = useToast();
  const today = localToday();

  const type = types.find((t) => String(t.id) === form.leaveTypeId);
  const balance = balances.find((b) => String(b.leave_type_id) === form.leaveTypeId);
  const period: DayCountParams | null =
    form.leaveTypeId && form.startDate && form.endDate && form.endDate >= form.startDate
      ? {
          leaveTypeId: Number(form.leaveTypeId),
          startDate: form.startDate,
          endDate: form.endDate,
          ...halvesOf(form),
        }
      : null;
  // The server counts: working days of the person's schedule, public holidays, half days.
  const count = useDayCount(period);
  const days = period ? count.data?.days : undefined;
  const set = (field: keyof LeaveForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const next = () => {
    const found = validateStep(step, form);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => Math.min(4, s + 1) as WizardStep);
  };
  const previous = () => {
    setErrors({});
    setStep((s) => Math.max(1, s - 1) as WizardStep);
  };
  const submit = () => {
    const checked = validateAll(form);
    if (checked.firstStep !== null) {
      setErrors(checked.errors);
      setStep(checked.firstStep);
      return;
    }
    apply.mutate(checked.request, {
      onSuccess: () => {
        toast.success('Leave application submitted successfully!');
        setForm(emptyForm);
        setStep(1);
        onDone();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to submit application')),
    });
  };

  const remainingText = (b: LeaveBalance | undefined) =>
    !b ? '' : b.remaining_days === null ? 'No limit' : `${plural(b.remaining_days, 'day')} remaining`;

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <StepIndicator step={step} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < 4) next();
            else submit();
          }}
        >
          {step === 1 ? (
            <fieldset aria-describedby={errors.leaveTypeId ? 'leave-type-error' : undefined}>
              <legend className="mb-3 text-base font-semibold text-slate-900">Leave type</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {types.map((t) => {
                  const b = balances.find((x) => x.leave_type_id === t.id);
                  const checked = form.leaveTypeId === String(t.id);
                  return (
                    <label
                      key={t.id}
                      className={cn(
                        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                        checked ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="radio"
                        name="leaveTypeId"
                        value={t.id}
                        checked={checked}
                        onChange={() => set('leaveTypeId', String(t.id))}
                        className="mt-1 size-4 accent-indigo-600"
                      />
                      <span>
                        <span className="block text-sm font-medium text-slate-900">{t.leave_name}</span>
                        <span className="block text-xs text-slate-600">{remainingText(b)}</span>
                        {t.working_days_only ? (
                          <span className="block text-xs text-slate-600">Counts working days only</span>
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError id="leave-type-error" message={errors.leaveTypeId} />
            </fieldset>
          ) : null}

          {step === 2 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="leave-start" className="mb-1.5 block text-sm font-medium text-slate-800">
                  Start date
                </label>
                <input
                  id="leave-start"
                  type="date"
                  min={today}
                  value={form.startDate}
                  onChange={(e) => set('startDate', e.target.value)}
                  aria-invalid={Boolean(errors.startDate)}
                  aria-describedby={errors.startDate ? 'leave-start-error' : undefined}
                  className={inputClasses}
                />
                <FieldError id="leave-start-error" message={errors.startDate} />
              </div>
              <div>
                <label htmlFor="leave-end" className="mb-1.5 block text-sm font-medium text-slate-800">
                  End date
                </label>
                <input
                  id="leave-end"
                  type="date"
                  min={form.startDate || today}
                  value={form.endDate}
                  onChange={(e) => set('endDate', e.target.value)}
                  aria-invalid={Boolean(errors.endDate)}
                  aria-describedby={errors.endDate ? 'leave-end-error' : undefined}
                  className={inputClasses}
                />
                <FieldError id="leave-end-error" message={errors.endDate} />
              </div>
              {period ? <DayParts form={form} set={set} /> : null}
              {type?.working_days_only ? (
                <p className="text-sm text-slate-600 sm:col-span-2">
                  Counts working days only: weekends and public holidays are not counted.
                </p>
              ) : null}
              <DaysSummary
                days={days}
                state={!period ? 'no_dates' : count.isError ? 'failed' : 'counting'}
                balance={balance}
              />
            </div>
          ) : null}

          {step === 3 ? (
            <div>
              <label htmlFor="leave-reason" className="mb-1.5 block text-sm font-medium text-slate-800">
                Reason
              </label>
              <textarea
                id="leave-reason"
                rows={4}
                maxLength={2000}
                value={form.reason}
                onChange={(e) => set('reason', e.target.value)}
                aria-invalid={Boolean(errors.reason)}
                aria-describedby={errors.reason ? 'leave-reason-error' : undefined}
                placeholder="Tell your manager why you need this leave"
                className={inputClasses}
              />
              <FieldError id="leave-reason-error" message={errors.reason} />
            </div>
          ) : null}

          {step === 4 ? (
            <div>
              <h2 className="mb-3 text-base font-semibold text-slate-900">Review your application</h2>
              <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
                <Detail label="Leave type" look="caps">
                  {type?.leave_name ?? ''}
                </Detail>
                <Detail label="Dates" look="caps">
                  {form.startDate && form.endDate
                    ? formatPeriod({
                        start_date: form.startDate,
                        end_date: form.endDate,
                        start_half: halvesOf(form).startHalf ?? null,
                        end_half: halvesOf(form).endHalf ?? null,
                      })
                    : ''}
                </Detail>
                <Detail label="Days" look="caps">
                  {days === undefined ? '' : plural(days, 'day')}
                </Detail>
                <Detail label="Remaining after this" look="caps">
                  {afterText(balance, days)}
                </Detail>
                <div className="sm:col-span-2">
                  <Detail label="Reason" look="caps">
                    {form.reason}
                  </Detail>
                </div>
              </dl>
              {type && !type.requires_approval ? (
                <p className="mt-3 text-sm text-slate-600">
                  This leave type does not need approval: it is approved when you submit.
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="mt-6 flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-4">
            <Button variant="secondary" onClick={previous} disabled={step === 1 || apply.isPending}>
              Previous
            </Button>
            {step < 4 ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button type="submit" disabled={apply.isPending}>
                {apply.isPending ? 'Submitting...' : 'Submit Application'}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function afterText(balance: LeaveBalance | undefined, days: number | undefined): string {
  if (!balance || days === undefined) return '';
  if (balance.remaining_days === null) return 'No limit';
  return plural(balance.remaining_days - days, 'day');
}

/** Selects for the half of the first and last day (one select for a single day). */
function DayParts({ form, set }: { form: LeaveForm; set: (field: keyof LeaveForm, value: string) => void }) {
  const choices = dayPartChoices(form);
  const select = (
    id: string,
    label: string,
    field: 'startHalf' | 'endHalf',
    options: typeof choices.first,
  ) => {
    const value = options.some((o) => o.value === form[field]) ? form[field] : 'whole';
    return (
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => set(field, e.target.value as DayPart)}
          className={inputClasses}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <>
      {select('leave-start-half', choices.last ? 'First day' : 'Day', 'startHalf', choices.first)}
      {choices.last ? select('leave-end-half', 'Last day', 'endHalf', choices.last) : null}
    </>
  );
}

function DaysSummary({
  days,
  state,
  balance,
}: {
  days: number | undefined;
  /** Why there is no count yet. */
  state: 'no_dates' | 'counting' | 'failed';
  balance: LeaveBalance | undefined;
}) {
  const over = days !== undefined && balance?.remaining_days != null && days > balance.remaining_days;
  const waiting = {
    no_dates: 'Choose your dates',
    counting: 'Counting days…',
    failed: 'Could not count the days',
  };
  const counted = days === undefined ? waiting[state] : null;
  return (
    <p
      aria-live="polite"
      className={cn(
        'rounded-lg px-3 py-2 text-sm sm:col-span-2',
        over ? 'bg-red-50 text-red-800' : 'bg-indigo-50 text-indigo-900',
      )}
      data-testid="leave-day-count"
    >
      {counted ?? `${plural(days!, 'day')} requested`}
      {balance
        ? ` · ${balance.remaining_days === null ? 'No limit' : `${plural(balance.remaining_days, 'day')} remaining`}`
        : ''}
      {over ? ' · more than your remaining balance' : ''}
    </p>
  );
}
