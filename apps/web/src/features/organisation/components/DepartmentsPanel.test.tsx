import { type Department, departmentsApi, peopleApi, sitesApi } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { departmentQueries } from '@/lib/queries/departments';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { DepartmentsPanel } from './DepartmentsPanel';

const HQ = { site_id: 1, site: 'Head Office' };
let departments: Department[];
beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  departments = [{ id: 1, name: 'Warehouse', manager_id: null, parent_id: null, ...HQ }];
  const summaries = () =>
    departments.map((d) => ({ ...d, manager_name: null, managers: [], people: 0, active_people: 0 }));
  fakeApi.on(departmentsApi.list, () => ({ departments: summaries() }));
  fakeApi.on(peopleApi.departments, () => ({ departments }));
  fakeApi.on(departmentsApi.rename, ({ body }) => {
    departments = [{ ...departments[0]!, name: body.name }];
    return { department: departments[0]! };
  });
});

/** Another screen's department picker (attendance filter, person form): the shared list query. */
function DepartmentPicker() {
  const list = useQuery(departmentQueries.list());
  return (
    <ul aria-label="Picker">
      {list.data?.map((d) => (
        <li key={d.id}>{d.name}</li>
      ))}
    </ul>
  );
}

describe('Departments', () => {
  it('a rename refreshes the department list every other screen reads', async () => {
    const { user } = renderRoutes(
      [
        {
          path: '/settings',
          element: (
            <>
              <DepartmentsPanel />
              <DepartmentPicker />
            </>
          ),
        },
      ],
      { path: '/settings', auth: fakeAuth(adminUser) },
    );
    const picker = screen.getByRole('list', { name: 'Picker' });
    expect(await within(picker).findByText('Warehouse')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Rename Warehouse' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Stores' } });
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await within(picker).findByText('Stores')).toBeTruthy();
    expect(within(picker).queryByText('Warehouse')).toBeNull();
  });

  it('lists sub-departments under their parent, and offers as a parent neither itself nor those inside it', async () => {
    departments = [
      { id: 1, name: 'Warehouse', manager_id: null, parent_id: null, ...HQ },
      { id: 2, name: 'Stores', manager_id: null, parent_id: 1, ...HQ },
      { id: 3, name: 'Dispatch', manager_id: null, parent_id: 2, ...HQ },
      { id: 4, name: 'Sales', manager_id: null, parent_id: null, ...HQ },
    ];
    const moves: { id: number; parentId: number | null }[] = [];
    fakeApi.on(departmentsApi.setParent, ({ params, body }) => {
      // Path parameters reach the fake as the URL's text.
      const id = Number(params.id);
      moves.push({ id, parentId: body.parentId });
      const moved = { ...departments.find((d) => d.id === id)!, parent_id: body.parentId };
      departments = departments.map((d) => (d.id === id ? moved : d));
      return { department: moved };
    });
    const { user } = renderRoutes([{ path: '/settings', element: <DepartmentsPanel /> }], {
      path: '/settings',
      auth: fakeAuth(adminUser),
    });
    const list = await screen.findByRole('list', { name: 'Departments' });
    await within(list).findByText('Dispatch');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent?.replace('↳', '').trim())).toEqual([
      'Sales',
      'Warehouse',
      'Stores',
      'Dispatch',
    ]);
    expect(rows[3]!.textContent).toContain('Inside Warehouse > Stores');

    await user.click(screen.getByRole('button', { name: 'Set Parent of Warehouse' }));
    const dialog = screen.getByRole('dialog');
    const select = within(dialog).getByLabelText('Parent department') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent?.trim())).toEqual(['None (top level)', 'Sales']);
    fireEvent.change(select, { target: { value: '4' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(moves).toEqual([{ id: 1, parentId: 4 }]);
    expect(await within(list).findByText(/Inside Sales > Warehouse > Stores/)).toBeTruthy();
  });
});
