import type { Department } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentQueries } from '@/lib/queries/departments';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { DepartmentsPanel } from './DepartmentsPanel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let departments: Department[];
beforeEach(() => {
  departments = [{ id: 1, name: 'Warehouse', manager_id: null }];
  const summaries = () => departments.map((d) => ({ ...d, manager_name: null, people: 0, active_people: 0 }));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/departments') return json({ departments: summaries() });
      if (url === '/api/users/departments') return json({ departments });
      if (url === '/api/users/departments/1' && init?.method === 'PATCH') {
        departments = [{ ...departments[0]!, name: JSON.parse(String(init.body)).name }];
        return json({ department: departments[0] });
      }
      return json({ error: { code: 'not_found', message: 'no' } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

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
