import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => json({ endedSessions: 2 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusal under the field it names', async () => {
    const refusal = (field: string, rule: string) =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: `${field} ...`,
            details: [{ field, rule, message: `${field} ...` }],
          },
        },
        400,
      );
    fetchMock.mockResolvedValueOnce(refusal('currentPassword', 'incorrect'));
    const { fill, submit, field } = renderForm();
    await fill('wrong secret', 'a long enough phrase', 'a long enough phrase');
    await submit();
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');

    fetchMock.mockResolvedValueOnce(refusal('newPassword', 'not_common'));
    await submit();
    expect(await screen.findByText(/one of the most common passwords\. Choose one/)).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the two passwords once valid, then clears the form and says what happened', async () => {
    const { fill, submit, field } = renderForm();
    await fill('old secret', 'a long enough phrase', 'a long enough phrase');
    await submit();
    expect(await screen.findByText('Password changed. 2 other sessions were signed out.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/auth/change-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old secret',
      newPassword: 'a long enough phrase',
    });
    await waitFor(() => expect((field('Current password') as HTMLInputElement).value).toBe(''));
  });
});
