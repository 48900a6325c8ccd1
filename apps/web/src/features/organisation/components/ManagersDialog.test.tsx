import {
  type DepartmentSummary,
  departmentsApi,
  type PersonRow,
  peopleApi,
  sitesApi,
} from '@atrium/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { DepartmentsPanel } from './DepartmentsPanel';

const person = (id: number, first: string, last: string, department: string | null): PersonRow => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@atrium.local`,
  role: 'staff',
  department_id: department ? id * 10 : null,
  department_name: department,
  employee_number: `E-${id}`,
  badge_number: `B-${id}`,
  start_date: null,
  end_date: null,
  active: true,
  site_id: 1,
  site: 'Head Office',
  home_site_id: null,
});

// Active people of the whole organisation, not only Warehouse's.
const people = [
  person(7, 'Sam', 'Rivera', 'Warehouse'),
  person(8, 'Dana', 'Lee', 'Sales'),
  person(9, 'Priya', 'Shah', null),
  person(10, 'Omar', 'Haddad', 'Head Office'),
  person(11, 'Lena', 'Vogel', 'Sales'),
  person(12, 'Kim', 'Park', 'Warehouse'),
];
const nameOf = (id: number) => {
  const p = people.find((row) => row.id === id)!;
  return `${p.first_name} ${p.last_name}`;
};

let warehouse: DepartmentSummary;
beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  warehouse = {
    id: 1,
    name: 'Warehouse',
    manager_id: 7,
    manager_name: 'Sam Rivera',
    managers: [{ id: 7, name: 'Sam Rivera' }],
    parent_id: null,
    people: 3,
    active_people: 3,
    site_id: 1,
    site: 'Head Office',
  };
  fakeApi.on(departmentsApi.list, () => ({ departments: [warehouse] }));
  fakeApi.on(peopleApi.users, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    const users = people.filter((p) => `${p.first_name} ${p.last_name}`.toLowerCase().includes(search));
    return { users, next_cursor: null };
  });
  fakeApi.on(departmentsApi.setManagers, ({ body }) => {
    const managers = body.managerIds.map((id) => ({ id, name: nameOf(id) }));
    warehouse = {
      ...warehouse,
      manager_id: managers[0]?.id ?? null,
      manager_name: managers[0]?.name ?? null,
      managers,
    };
    return {
      department: {
        id: 1,
        name: 'Warehouse',
        manager_id: warehouse.manager_id,
        parent_id: null,
        site_id: 1,
        site: 'Head Office',
      },
      managers,
    };
  });
});

const renderPanel = () =>
  renderRoutes([{ path: '/settings', element: <DepartmentsPanel /> }], {
    path: '/settings',
    auth: fakeAuth(adminUser),
  });

async function openDialog(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Set Managers of Warehouse' }));
  return screen.getByRole('dialog', { name: 'Managers: Warehouse' });
}

/** Each listed manager as "<name> <Decides|Stands in>". */
const listed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Managers' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span')?.textContent?.replace(/^\d+\.\s*/, ''));

async function pick(user: ReturnType<typeof renderPanel>['user'], dialog: HTMLElement, name: string) {
  const select = within(dialog).getByLabelText('Person') as HTMLSelectElement;
  const option = await within(select).findByRole('option', { name: new RegExp(`^${name} `) });
  await user.selectOptions(select, option);
}

describe('Managers of a department', () => {
  it('adds people of any department, reorders, removes and saves the ids in order', async () => {
    const { user } = renderPanel();
    expect(await screen.findByText(/Managers: Sam Rivera/)).toBeTruthy();
    const dialog = await openDialog(user);
    expect(listed(dialog)).toEqual(['Sam Rivera Decides']);
    // The first decides: nobody is above them.
    expect(within(dialog).queryByRole('button', { name: 'Move up Sam Rivera' })).toBeNull();

    // Someone already listed cannot be added twice.
    await pick(user, dialog, 'Sam Rivera');
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(within(dialog).getByText('Sam Rivera is already listed.')).toBeTruthy();

    await pick(user, dialog, 'Dana Lee');
    expect(add.disabled).toBe(false);
    await user.click(add);
    await user.type(within(dialog).getByLabelText('Find a person'), 'priya');
    await pick(user, dialog, 'Priya Shah');
    await user.click(add);
    expect(listed(dialog)).toEqual(['Sam Rivera Decides', 'Dana Lee Stands in', 'Priya Shah Stands in']);
    // The picker searched everyone: no department filter went along.
    expect(fakeApi.requests(peopleApi.users).every((r) => !r.query.has('department'))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Move up Priya Shah' }));
    // Focus stays with Priya, so the keyboard can move her on up.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move up Priya Shah' }));
    await user.keyboard('{Enter}');
    expect(listed(dialog)).toEqual(['Priya Shah Decides', 'Sam Rivera Stands in', 'Dana Lee Stands in']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Remove Priya Shah' }));

    await user.click(within(dialog).getByRole('button', { name: 'Remove Sam Rivera' }));
    expect(listed(dialog)).toEqual(['Priya Shah Decides', 'Dana Lee Stands in']);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Priya Shah, Dana Lee manage Warehouse')).toBeTruthy();
    expect(fakeApi.requests(departmentsApi.setManagers).map((r) => [r.params.id, r.body])).toEqual([
      ['1', { managerIds: [9, 8] }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(/Managers: Priya Shah, Dana Lee/)).toBeTruthy();
  });

  it('takes at most five, and saves none as no manager', async () => {
    warehouse.managers = [7, 8, 9, 10, 11].map((id) => ({ id, name: nameOf(id) }));
    const { user } = renderPanel();
    const dialog = await openDialog(user);
    await pick(user, dialog, 'Kim Park');
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText(/at most 5 managers: remove one to add another/)).toBeTruthy();

    for (const id of [7, 8, 9, 10, 11])
      await user.click(within(dialog).getByRole('button', { name: `Remove ${nameOf(id)}` }));
    expect(within(dialog).getByText('Warehouse has no manager yet.')).toBeTruthy();
    // With nobody left, focus goes back to the picker.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Person'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse has no manager')).toBeTruthy();
    expect(fakeApi.requests(departmentsApi.setManagers).map((r) => r.body)).toEqual([{ managerIds: [] }]);
    expect(await screen.findByText(/Managers: none/)).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeApi.fail(departmentsApi.setManagers, 400, 'validation_failed', 'managerIds must name active people', [
      { field: 'managerIds', rule: 'active', message: 'managerIds must name active people' },
    ]);
    const { user } = renderPanel();
    const dialog = await openDialog(user);
    fireEvent.submit(within(dialog).getByLabelText('Find a person').closest('form')!);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('managerIds must name active people');
    expect(screen.getByRole('dialog', { name: 'Managers: Warehouse' })).toBeTruthy();
  });
});
