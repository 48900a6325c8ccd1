import { accountApi } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

beforeEach(() => fakeApi.on(accountApi.changePassword, { endedSessions: 2 }));
// Four forms typed key by key; on a loaded two-core machine they outlast the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function renderForm() {
  const view = renderRoutes([{ path: '/profile', element: <ChangePasswordForm /> }], {
    path: '/profile',
    auth: fakeAuth(staffUser),
  });
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      ['Current password', current],
      ['New password', next],
      ['Confirm new password', confirm],
    ] as const) {
      await view.user.clear(field(label));
      if (value) await view.user.type(field(label), value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Change Password' }));
  return { ...view, field, fill, submit };
}

describe('ChangePasswordForm', () => {
  it('states the rule under the new password', () => {
    const { field } = renderForm();
    const hint = document.getElementById(field('New password').getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/At least 10 characters, and not one of the most common passwords/);
  });

  it("refuses what the contract's NewPassword refuses, and the form's own rules, before sending", async () => {
    const { fill, submit, field } = renderForm();
    await submit();
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password must be at least 10 characters')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');

    await fill('old secret', 'short', 'short');
    await submit();
    expect(screen.getByText('New password must be at least 10 characters')).toBeTruthy();
    expect(screen.queryByText('Current password is required')).toBeNull();

    await fill('old secret', 'a long enough phrase', 'a long enough phrasf');
    await submit();
    expect(screen.getByText('The two new passwords do not match.')).toBeTruthy();
    expect(field('Confirm new password').getAttribute('aria-invalid')).toBe('true');

    await fill('same old secret', 'same old secret', 'same old secret');
    await submit();
    expect(screen.getByText('The new password must differ from your current one.')).toBeTruthy();
    expect(fakeApi.requests()).toEqual([]);
  });

  it('shows the server refusal under the field it names', async () => {
    const refuse = (field: string, rule: string) =>
      fakeApi.fail(accountApi.changePassword, 400, 'validation_failed', `${field} ...`, [
        { field, rule, message: `${field} ...` },
      ]);
    refuse('currentPassword', 'incorrect');
    const { fill, submit, field } = renderForm();
    await fill('wrong secret', 'a long enough phrase', 'a long enough phrase');
    await submit();
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');

    refuse('newPassword', 'not_common');
    await submit();
    expect(await screen.findByText(/one of the most common passwords\. Choose one/)).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the two passwords once valid, then clears the form and says what happened', async () => {
    const { fill, submit, field } = renderForm();
    await fill('old secret', 'a long enough phrase', 'a long enough phrase');
    await submit();
    expect(await screen.findByText('Password changed. 2 other sessions were signed out.')).toBeTruthy();
    const [sent] = fakeApi.requests();
    expect(sent?.url).toBe('/api/auth/change-password');
    expect(sent?.body).toEqual({
      currentPassword: 'old secret',
      newPassword: 'a long enough phrase',
    });
    await waitFor(() => expect((field('Current password') as HTMLInputElement).value).toBe(''));
  });
});
