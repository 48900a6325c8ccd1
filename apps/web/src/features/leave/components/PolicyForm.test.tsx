import { type LeavePolicy, LeavePolicyRequest, leaveApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { PoliciesPanel } from './PoliciesPanel';
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
        approval_route: sent.approvalRoute,
        admin_step_over_days: sent.adminStepOverDays,
        working_days_only: sent.workingDaysOnly,
        paid: sent.paid,
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
      approvalRoute: 'manager',
      adminStepOverDays: null,
      workingDaysOnly: false,
      paid: true,
    });
  });

  it('sends the approval route, and the administrator step only for the manager route', async () => {
    const { dialog, user, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Study Leave' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'STUDY' } });
    const route = within(dialog).getByLabelText('Approval route') as HTMLSelectElement;
    expect(route.value).toBe('manager');
    expect([...route.options].map((o) => [o.value, o.text])).toEqual([
      ['manager', 'Manager'],
      ['admin', 'Administrator'],
      ['manager_then_admin', 'Manager, then administrator'],
    ]);
    await user.type(within(dialog).getByLabelText('Add administrator step above (days)'), '5');
    await user.click(save());
    await waitFor(() => expect(fakeApi.requests(leaveApi.createPolicy)).toHaveLength(1));
    expect(fakeApi.requests(leaveApi.createPolicy)[0]?.body).toMatchObject({
      requiresApproval: true,
      approvalRoute: 'manager',
      adminStepOverDays: 5,
    });
  });

  it('drops the administrator step for the other routes, and the route when no approval is needed', async () => {
    const { dialog, user, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Study Leave' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'STUDY' } });
    await user.type(within(dialog).getByLabelText('Add administrator step above (days)'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Approval route'), 'Manager, then administrator');
    expect(within(dialog).queryByLabelText('Add administrator step above (days)')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(fakeApi.requests(leaveApi.createPolicy)).toHaveLength(1));
    expect(fakeApi.requests(leaveApi.createPolicy)[0]?.body).toMatchObject({
      approvalRoute: 'manager_then_admin',
      adminStepOverDays: null,
    });

    await user.click(within(dialog).getByLabelText('Requires approval'));
    expect(within(dialog).queryByLabelText('Approval route')).toBeNull();
  });

  it('refuses an administrator step beyond the contract and sends nothing', async () => {
    const { dialog, user, save } = renderForm();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Study Leave' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'STUDY' } });
    const days = within(dialog).getByLabelText('Add administrator step above (days)');
    fireEvent.change(days, { target: { value: '400' } });
    await user.click(save());
    expect(
      within(dialog).getByText('Add administrator step above (days) must be a whole number from 0 to 366'),
    ).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests()).toEqual([]);
  });
});

describe('PoliciesPanel', () => {
  const policy = (id: number, name: string, over: Partial<LeavePolicy>): LeavePolicy => ({
    id,
    leave_type_id: id,
    leave_code: name.slice(0, 2).toUpperCase(),
    name,
    description: '',
    max_days: 10,
    carry_forward: false,
    carry_forward_cap: 0,
    requires_approval: true,
    approval_route: 'manager',
    admin_step_over_days: null,
    working_days_only: true,
    paid: true,
    applications: 0,
    ...over,
  });

  it('says who approves each policy, on its card, in its view and in its form', async () => {
    fakeApi.on(leaveApi.policies, {
      policies: [
        policy(1, 'Annual Leave', { admin_step_over_days: 5 }),
        policy(2, 'Study Leave', { approval_route: 'manager_then_admin' }),
        policy(3, 'Sick Leave', { approval_route: 'admin' }),
        policy(4, 'Unpaid Leave', { requires_approval: false }),
      ],
    });
    const { user } = renderRoutes([{ path: '/leave', element: <PoliciesPanel /> }], {
      path: '/leave',
      auth: fakeAuth(adminUser),
    });
    await screen.findByText('Annual Leave');
    expect(screen.getAllByTestId('policy-approval').map((p) => p.textContent)).toEqual([
      'Approval: Manager (administrator too above 5 days)',
      'Approval: Manager, then administrator',
      'Approval: Administrator',
      'Approval: not required',
    ]);

    await user.click(screen.getByRole('button', { name: 'View Study Leave' }));
    const view = screen.getByRole('dialog', { name: 'Study Leave' });
    expect(within(view).getByText('Manager, then administrator')).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Edit Annual Leave' }));
    const form = screen.getByRole('dialog', { name: 'Edit Annual Leave' });
    expect((within(form).getByLabelText('Approval route') as HTMLSelectElement).value).toBe('manager');
    expect(
      (within(form).getByLabelText('Add administrator step above (days)') as HTMLInputElement).value,
    ).toBe('5');
  });
});
