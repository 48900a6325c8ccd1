import { LeavePolicyRequest, leaveApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { PolicyForm } from './PolicyForm';

// The server creates the policy as sent (its defaults filled) under a new leave type.
beforeEach(() =>
  fakeApi.on(leaveApi.createPolicy, ({ body }) => {
    const sent = LeavePolicyRequest.parse(body);
    return {
      policy: {
        id: 9,
        leave_type_id: 9,
        leave_code: sent.leaveCode,
        name: sent.name,
        description: sent.description,
        max_days: sent.maxDays,
        carry_forward: sent.carryForward,
        carry_forward_cap: sent.carryForwardCap,
        requires_approval: sent.requiresApproval,
        working_days_only: sent.workingDaysOnly,
        applications: 0,
      },
    };
  }),
);

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
    expect(fakeApi.requests()).toEqual([]);
  });

  it('sends the parsed request (trimmed, defaults filled) to the contract path once valid', async () => {
    const { dialog, user, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: `  ${'n'.repeat(80)}  ` } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'STUDY' } });
    fireEvent.change(within(dialog).getByLabelText('Max days per year'), { target: { value: '5' } });
    await user.click(save());

    await waitFor(() => expect(fakeApi.requests()).toHaveLength(1));
    const [sent] = fakeApi.requests();
    expect(sent?.url).toBe('/api/leave/policies');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
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
