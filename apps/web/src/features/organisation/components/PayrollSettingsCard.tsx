import { type PayPeriod, type PayrollSettings, PayrollSettingsRequest } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { payrollQueries, useSavePayrollSettings } from '../api/payroll-api';

const LABELS = {
  payPeriod: 'Pay period',
  anchorDate: 'First day of a pay period',
  dailyOvertimeAfterMinutes: 'Daily overtime after (minutes beyond the schedule)',
  weeklyThresholdHours: 'Weekly overtime after (hours)',
};
type Errors = FieldErrors<keyof typeof LABELS>;

const PERIODS: { value: PayPeriod; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'monthly', label: 'Monthly' },
];

/**
 * Organisation > Settings > Payroll: the pay period the Payroll report has a row per person for,
 * and the overtime thresholds it applies (the rules are stated beside the fields).
 */
export function PayrollSettingsCard() {
  const settings = useQuery(payrollQueries.settings());
  return (
    <QueryState query={settings} what="Payroll settings" loading="Loading payroll settings">
      {(saved) => <PayrollForm key={JSON.stringify(saved)} saved={saved} />}
    </QueryState>
  );
}

function PayrollForm({ saved }: { saved: PayrollSettings }) {
  const [payPeriod, setPayPeriod] = useState<PayPeriod>(saved.payPeriod);
  const [anchorDate, setAnchorDate] = useState(saved.anchorDate);
  // Numbers as typed: a blank is refused by the contract, not silently made 0.
  const [dailyAfter, setDailyAfter] = useState(String(saved.dailyOvertimeAfterMinutes));
  const [weekly, setWeekly] = useState(String(saved.weeklyThresholdHours));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePayrollSettings();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
    const checked = checkForm(
      PayrollSettingsRequest,
      {
        payPeriod,
        anchorDate,
        dailyOvertimeAfterMinutes: number(dailyAfter),
        weeklyThresholdHours: number(weekly),
      },
      LABELS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => toast.success('Payroll settings saved'),
      onError: (error) => {
        setErrors(serverFieldErrors(error, LABELS));
        toast.error(errorMessage(error, 'Failed to save payroll settings'));
      },
    });
  };

  return (
    <Card className="mt-6 max-w-2xl p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Payroll</h2>
      <p className="mt-1 text-sm text-slate-600">
        The Payroll report has one row per person per pay period. Overtime is a day's work beyond its
        scheduled hours (all of it on a day off or a public holiday), and in each week of a period the other
        hours beyond the weekly threshold.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-5">
        <FormField label={LABELS.payPeriod} error={errors.payPeriod}>
          {(control) => (
            <select
              {...control}
              className={`mt-1 ${inputClasses}`}
              value={payPeriod}
              onChange={(e) => setPayPeriod(e.target.value as PayPeriod)}
            >
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {payPeriod !== 'monthly' && (
          <FormField
            label={LABELS.anchorDate}
            error={errors.anchorDate}
            hint="Periods start on this day and every whole period before or after it."
          >
            {(control) => (
              <input
                {...control}
                type="date"
                className={`mt-1 ${inputClasses}`}
                value={anchorDate}
                onChange={(e) => setAnchorDate(e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField
          label={LABELS.dailyOvertimeAfterMinutes}
          error={errors.dailyOvertimeAfterMinutes}
          hint="0 counts every minute beyond the day's schedule."
        >
          {(control) => (
            <div className="mt-1 w-32">
              <input
                {...control}
                type="number"
                min={0}
                max={720}
                step={1}
                inputMode="numeric"
                className={inputClasses}
                value={dailyAfter}
                onChange={(e) => setDailyAfter(e.target.value)}
              />
            </div>
          )}
        </FormField>
        <FormField
          label={LABELS.weeklyThresholdHours}
          error={errors.weeklyThresholdHours}
          hint="Hours in a week not already daily overtime; weeks are 7-day blocks from the period's first day."
        >
          {(control) => (
            <div className="mt-1 w-32">
              <input
                {...control}
                type="number"
                min={1}
                max={168}
                step={0.25}
                inputMode="decimal"
                className={inputClasses}
                value={weekly}
                onChange={(e) => setWeekly(e.target.value)}
              />
            </div>
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Payroll Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
