import { DEFAULT_PAYROLL_SETTINGS, PayPeriod, type PayrollSettings } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeSetting } from '../organisation/organisation.repository';

/** The settings key this module owns: one JSON object, so a change is written whole. */
export const PAYROLL_KEY = 'payroll';

/**
 * The payroll settings as stored, each field falling back to its default when missing or not of
 * its kind (a row written by an older version, or none yet).
 */
export async function readPayrollSettings(db: Kysely<Database>): Promise<PayrollSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', PAYROLL_KEY)
    .executeTakeFirst();
  const stored = (typeof row?.value === 'object' && row.value !== null ? row.value : {}) as Record<
    string,
    unknown
  >;
  const d = DEFAULT_PAYROLL_SETTINGS;
  const period = PayPeriod.safeParse(stored.payPeriod);
  return {
    payPeriod: period.success ? period.data : d.payPeriod,
    anchorDate:
      typeof stored.anchorDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(stored.anchorDate)
        ? stored.anchorDate
        : d.anchorDate,
    dailyOvertimeAfterMinutes: Number.isInteger(stored.dailyOvertimeAfterMinutes)
      ? (stored.dailyOvertimeAfterMinutes as number)
      : d.dailyOvertimeAfterMinutes,
    weeklyThresholdHours:
      typeof stored.weeklyThresholdHours === 'number' && stored.weeklyThresholdHours > 0
        ? stored.weeklyThresholdHours
        : d.weeklyThresholdHours,
  };
}

export function writePayrollSettings(
  db: Kysely<Database>,
  settings: PayrollSettings,
  at: Date,
): Promise<void> {
  return writeSetting(db, PAYROLL_KEY, settings, at);
}
