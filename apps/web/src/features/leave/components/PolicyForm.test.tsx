import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { PolicyForm } from './PolicyForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
    json({ policy: { id: 9, ...JSON.parse(String(init?.body)) } }, 201),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const view = renderRoutes(
    [{ path: '/leave', element: <PolicyForm policy={null} open onClose={vi.fn()} /> }],
    {
      path: '/leave',
      auth: fakeAuth(adminUser),
    },
  );
  const dialog = screen.getByRole('dialog');
  return { ...view, dialog, save: () => within(dialog).getByRole('button', { name: 'Save Policy' }) };
}

describe('PolicyForm', () => {
  it("refuses what the contract's LeavePolicyRequest refuses, naming field and rule, and sends nothing", async () => {
    const { dialog, user, save } = renderForm();
    // The input's maxLength stops typing, not a pasted or scripted value: the schema's 80 applies.
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(81) } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '9X' } });
    fireEvent.change(within(dialog).getByLabelText('Max days per year'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'a\u0000b' } });
    await user.click(save());

    expect(within(dialog).getByText('Name must be at most 80 characters')).toBeTruthy();
    expect(
      within(dialog).getByText('Code must be 1-16 capital letters, digits or _, starting with a letter'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Max days per year must be a whole number from 0 to 366')).toBeTruthy();
    expect(
      within(dialog).getByText('Description must not contain control characters (such as NUL)'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the parsed request (trimmed, defaults filled) to the contract path once valid', async () => {
    const { dialog, user, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: `  ${'n'.repeat(80)}  ` } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'STUDY' } });
    fireEvent.change(within(dialog).getByLabelText('Max days per year'), { target: { value: '5' } });
    await user.click(save());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/leave/policies');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'n'.repeat(80),
      leaveCode: 'STUDY',
      description: '',
      maxDays: 5,
      carryForward: false,
      carryForwardCap: 0,
      requiresApproval: true,
      workingDaysOnly: false,
    });
  });
});
