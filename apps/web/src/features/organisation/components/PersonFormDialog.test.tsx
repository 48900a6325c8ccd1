import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { PersonFormDialog } from './PersonFormDialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const created = {
  person: {
    id: 9,
    first_name: 'Nina',
    last_name: 'Newhire',
    email: 'nina@example.test',
    role: 'staff',
    department_id: 4,
    department_name: 'Warehouse',
    employee_number: 'E-9',
    badge_number: 'B-9',
    start_date: null,
    active: true,
    has_password: false,
  },
  invitation: { inviteUrl: 'http://localhost/invite/x', expiresAt: '2026-11-28T10:00:00.000Z' },
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answer: () => Response;
beforeEach(() => {
  answer = () => json(created, 201);
  fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
    init?.method === 'POST'
      ? answer()
      : json({ departments: [{ id: 4, name: 'Warehouse', manager_id: null }] }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderForm(onCreated = vi.fn()) {
  const view = renderRoutes(
    [
      {
        path: '/settings',
        element: <PersonFormDialog person={null} onClose={vi.fn()} onCreated={onCreated} />,
      },
    ],
    { path: '/settings', auth: fakeAuth(adminUser) },
  );
  const dialog = screen.getByRole('dialog');
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Add Person' }));
  return { ...view, dialog, type, save, onCreated };
}

describe('Add Person', () => {
  it("refuses what the contract's PersonFields refuses, naming each field, and sends nothing", async () => {
    const { dialog, type, save } = renderForm();
    await save();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(within(dialog).getByText('Email must be a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Employee number is required')).toBeTruthy();

    type('First name', 'Nina');
    type('Last name', 'Newhire');
    type('Email', 'nina@example.test');
    type('Employee number', 'E 9');
    type('Badge number', 'B-9');
    await save();
    expect(
      within(dialog).getByText(
        'Employee number must hold only letters, digits, dots, dashes and underscores',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('First name is required')).toBeNull();
    expect(within(dialog).getByLabelText('Employee number').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('sends the parsed person and shows a taken badge under its field', async () => {
    const { dialog, type, save, onCreated } = renderForm();
    await within(dialog).findByRole('option', { name: 'Warehouse' });
    type('First name', ' Nina ');
    type('Last name', 'Newhire');
    type('Email', 'Nina@Example.TEST');
    type('Employee number', 'E-9');
    type('Badge number', 'B-9');
    type('Department', '4');
    answer = () =>
      json(
        {
          error: {
            code: 'conflict',
            message: 'badge number is already used by another person',
            details: [
              {
                field: 'badgeNumber',
                rule: 'unique',
                message: 'badge number is already used by another person',
              },
            ],
          },
        },
        409,
      );
    await save();
    expect(await within(dialog).findByText('badge number is already used by another person')).toBeTruthy();
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({
      firstName: 'Nina',
      lastName: 'Newhire',
      email: 'nina@example.test',
      employeeNumber: 'E-9',
      badgeNumber: 'B-9',
      departmentId: 4,
      role: 'staff',
      startDate: null,
    });

    answer = () => json(created, 201);
    type('Badge number', 'B-10');
    await save();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
  });
});
