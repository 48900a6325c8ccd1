import { type PayrollSettings, payrollApi } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { PayrollSettingsCard } from './PayrollSettingsCard';

let saved: PayrollSettings;

beforeEach(() => {
  saved = {
    payPeriod: 'monthly',
    anchorDate: '2026-01-05',
    dailyOvertimeAfterMinutes: 0,
    weeklyThresholdHours: 40,
  };
  fakeApi.on(payrollApi.settings, () => ({ settings: saved }));
  fakeApi.on(payrollApi.updateSettings, ({ body }) => {
    saved = { ...body };
    return { settings: saved };
  });
});

const renderCard = () =>
  renderRoutes([{ path: '/settings', element: <PayrollSettingsCard /> }], {
    path: '/settings',
    auth: fakeAuth(adminUser),
  });

describe('Payroll settings', () => {
  it('asks for the anchor date of two-weekly periods and sends the thresholds', async () => {
    const { user } = renderCard();
    const period = await screen.findByLabelText('Pay period');
    // Monthly periods are calendar months: no anchor to ask for.
    expect(screen.queryByLabelText('First day of a pay period')).toBeNull();
    await user.selectOptions(period, 'biweekly');
    expect(screen.getByLabelText('First day of a pay period')).toBeTruthy();
    const weekly = screen.getByLabelText('Weekly overtime after (hours)');
    await user.clear(weekly);
    await user.type(weekly, '37.5');
    await user.click(screen.getByRole('button', { name: 'Save Payroll Settings' }));
    expect(await screen.findByText('Payroll settings saved')).toBeTruthy();
    expect(fakeApi.requests(payrollApi.updateSettings)[0]?.body).toEqual({
      payPeriod: 'biweekly',
      anchorDate: '2026-01-05',
      dailyOvertimeAfterMinutes: 0,
      weeklyThresholdHours: 37.5,
    });
  });

  it('says beside the field when a threshold is out of range, and sends nothing', async () => {
    const { user } = renderCard();
    const weekly = await screen.findByLabelText('Weekly overtime after (hours)');
    await user.clear(weekly);
    await user.click(screen.getByRole('button', { name: 'Save Payroll Settings' }));
    expect(
      await screen.findByText(/Weekly overtime after \(hours\) must be a number of hours from 1 to 168/),
    ).toBeTruthy();
    expect(fakeApi.requests(payrollApi.updateSettings)).toHaveLength(0);
  });
});
