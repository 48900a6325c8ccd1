import { peopleApi, sitesApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE, TWO_SITES } from '@/test/site-fixtures';
import { PersonFormDialog } from './PersonFormDialog';

const created = {
  person: {
    id: 9,
    first_name: 'Nina',
    last_name: 'Newhire',
    email: 'nina@example.test',
    role: 'staff' as const,
    department_id: 4,
    department_name: 'Warehouse',
    employee_number: 'E-9',
    badge_number: 'B-9',
    start_date: null,
    end_date: null,
    active: true,
    leave_approver: null,
    has_password: false,
    site_id: 1,
    site: 'Head Office',
    home_site_id: null,
  },
  invitation: { inviteUrl: 'http://localhost/invite/x', expiresAt: '2026-11-28T10:00:00.000Z' },
};

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  fakeApi.on(peopleApi.create, created);
  fakeApi.on(peopleApi.departments, {
    departments: [
      { id: 4, name: 'Warehouse', manager_id: null, parent_id: null, site_id: 1, site: 'Head Office' },
    ],
  });
});

const posts = () => fakeApi.requests(peopleApi.create);

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
    fakeApi.fail(peopleApi.create, 409, 'conflict', 'badge number is already used by another person', [
      { field: 'badgeNumber', rule: 'unique', message: 'badge number is already used by another person' },
    ]);
    await save();
    expect(await within(dialog).findByText('badge number is already used by another person')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({
      firstName: 'Nina',
      lastName: 'Newhire',
      email: 'nina@example.test',
      employeeNumber: 'E-9',
      badgeNumber: 'B-9',
      departmentId: 4,
      role: 'staff' as const,
      startDate: null,
    });

    fakeApi.on(peopleApi.create, created);
    type('Badge number', 'B-10');
    await save();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
  });

  it("offers no home site with one site, and with several its department's site first", async () => {
    const one = renderForm();
    await within(one.dialog).findByRole('option', { name: 'Warehouse' });
    expect(within(one.dialog).queryByLabelText('Home site')).toBeNull();
    one.unmount();

    fakeApi.on(sitesApi.list, TWO_SITES);
    const { dialog, type, save } = renderForm();
    const home = await within(dialog).findByLabelText('Home site');
    type('Department', '4');
    expect(
      within(home)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Department's site (Head Office)", 'Head Office', 'Singapore Warehouse']);
    type('First name', 'Nina');
    type('Last name', 'Newhire');
    type('Email', 'nina@example.test');
    type('Employee number', 'E-9');
    type('Badge number', 'B-9');
    type('Home site', '2');
    await save();
    await waitFor(() => expect(posts()[0]!.body).toMatchObject({ departmentId: 4, siteId: 2 }));
  });
});
