import { type Department, departmentsApi, peopleApi } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { departmentQueries } from '@/lib/queries/departments';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { DepartmentsPanel } from './DepartmentsPanel';

let departments: Department[];
beforeEach(() => {
  departments = [{ id: 1, name: 'Warehouse', manager_id: null }];
  const summaries = () => departments.map((d) => ({ ...d, manager_name: null, people: 0, active_people: 0 }));
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
});
