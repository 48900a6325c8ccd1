import { accountApi, type MailPreferencesRequest } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { MailSettings } from './MailSettings';

function renderSettings(admin: boolean) {
  fakeApi.on(accountApi.mailPreferences, {
    preferences: { mail_leave_updates: true, mail_device_alerts: false },
    device_alerts_offered: admin,
  });
  const sent: MailPreferencesRequest[] = [];
  fakeApi.on(accountApi.updateMailPreferences, ({ body }) => {
    sent.push(body as MailPreferencesRequest);
    return { preferences: body as MailPreferencesRequest, device_alerts_offered: admin };
  });
  const view = renderRoutes([{ path: '/profile', element: <MailSettings /> }], {
    path: '/profile',
    auth: fakeAuth(admin ? adminUser : staffUser),
  });
  return { ...view, sent };
}

describe('MailSettings', () => {
  it('staff see leave updates only; unticking saves their own choice', async () => {
    const { user, sent } = renderSettings(false);
    const leave = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Leave updates' });
    expect(leave.checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Device alerts' })).toBeNull();
    await user.click(leave);
    await waitFor(() => expect(sent).toEqual([{ mail_leave_updates: false, mail_device_alerts: false }]));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Leave updates' }).checked).toBe(false),
    );
  });

  it('administrators are offered device alerts', async () => {
    const { user, sent } = renderSettings(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Device alerts' }));
    await waitFor(() => expect(sent).toEqual([{ mail_leave_updates: true, mail_device_alerts: true }]));
  });
});
