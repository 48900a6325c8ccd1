import { z } from 'zod';
import { addDays, daysBetween, monthRange } from './calendar';
import { CalendarDate } from './common';
import { endpoint } from './endpoint';

/** How often people are paid: the payroll report has one row per person per such period. */
export const PayPeriod = z.enum(['weekly', 'biweekly', 'monthly'], {
  error: 'must be one of weekly, biweekly, monthly',
});
export type PayPeriod = z.infer<typeof PayPeriod>;

/**
 * The payroll rules an administrator sets (Organisation > Settings > Payroll).
 * - `anchorDate`: the first day of some weekly or two-weekly period; every period starts a whole
 *   number of periods before or after it (monthly periods are calendar months and ignore it).
 * - `dailyOvertimeAfterMinutes`: a day's work beyond its scheduled hours plus this many minutes
 *   is overtime (0: every minute beyond the schedule). A day off or a public holiday has no
 *   scheduled hours, so all of its work is overtime.
 * - `weeklyThresholdHours`: in each week of a period (the 7-day blocks from its first day; the
 *   last may be shorter and is held to the same threshold), the hours not already counted as
 *   daily overtime beyond this many are overtime too.
 */
export const PayrollSettings = z.object({
  payPeriod: PayPeriod,
  anchorDate: z.string(),
  dailyOvertimeAfterMinutes: z.number().int(),
  weeklyThresholdHours: z.number(),
});
export type PayrollSettings = z.infer<typeof PayrollSettings>;

export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = {
  payPeriod: 'monthly',
  // A Monday: weekly periods run Monday to Sunday unless an administrator says otherwise.
  anchorDate: '2026-01-05',
  dailyOvertimeAfterMinutes: 0,
  weeklyThresholdHours: 40,
};

export const PayrollSettingsRequest = z.object({
  payPeriod: PayPeriod,
  anchorDate: CalendarDate,
  dailyOvertimeAfterMinutes: z
    .number({ error: 'must be a whole number of minutes from 0 to 720' })
    .int({ error: 'must be a whole number of minutes from 0 to 720' })
    .min(0, { error: 'must be a whole number of minutes from 0 to 720' })
    .max(720, { error: 'must be a whole number of minutes from 0 to 720' }),
  weeklyThresholdHours: z
    .number({ error: 'must be a number of hours from 1 to 168' })
    .min(1, { error: 'must be a number of hours from 1 to 168' })
    .max(168, { error: 'must be a number of hours from 1 to 168' })
    .multipleOf(0.25, { error: 'must be in quarter hours' }),
});
export type PayrollSettingsRequest = z.infer<typeof PayrollSettingsRequest>;

export const PayrollSettingsResponse = z.object({ settings: PayrollSettings });

export interface PayPeriodSpan {
  start: string;
  end: string;
}

/** The pay period holding `date`, under `settings`. */
export function payPeriodOf(
  settings: Pick<PayrollSettings, 'payPeriod' | 'anchorDate'>,
  date: string,
): PayPeriodSpan {
  if (settings.payPeriod === 'monthly') return monthRange(date.slice(0, 7));
  const length = settings.payPeriod === 'weekly' ? 7 : 14;
  const offset = Math.floor(daysBetween(settings.anchorDate, date) / length) * length;
  const start = addDays(settings.anchorDate, offset);
  return { start, end: addDays(start, length - 1) };
}

/**
 * The whole pay periods that overlap startDate..endDate, oldest first: a payroll report counts
 * every day of each (a pay period is paid whole), so it may reach before the start or past the end.
 */
export function payPeriodsCovering(
  settings: Pick<PayrollSettings, 'payPeriod' | 'anchorDate'>,
  startDate: string,
  endDate: string,
): PayPeriodSpan[] {
  const periods: PayPeriodSpan[] = [];
  for (let day = startDate; day <= endDate; ) {
    const period = payPeriodOf(settings, day);
    periods.push(period);
    day = addDays(period.end, 1);
  }
  return periods;
}

export const payrollApi = {
  settings: endpoint({
    method: 'GET',
    path: '/settings/payroll',
    audience: 'admin',
    summary: 'The pay period and overtime thresholds the payroll report applies',
    response: PayrollSettingsResponse,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/settings/payroll',
    audience: 'admin',
    summary: 'Change the pay period and overtime thresholds (audited)',
    body: PayrollSettingsRequest,
    response: PayrollSettingsResponse,
  }),
};
