import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ManagerCell } from './ManagerCell';

afterEach(() => vi.unstubAllGlobals());

const person = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.test`,
  role: 'staff',
  department_id: 3,
  department_name: 'Operations',
  employee_number: `E-${id}`,
  badge_number: `B-${id}`,
});

function server(put: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/users?'))
      return Response.json({
        users: [person(7, 'Grace', 'Hopper'), person(8, 'Alan', 'Turing')],
        next_cursor: null,
      });
    if (path === '/api/departments/3/manager' && init?.method === 'PUT')
      return put(JSON.parse(String(init.body)));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = (onSaved = vi.fn()) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ManagerCell
            department={{ id: 3, name: 'Operations', manager_id: 7 }}
            managerName="Grace Hopper"
            onSaved={onSaved}
          />
        ),
      },
    ],
    { auth: fakeAuth(adminUser) },
  );

describe('Set manager', () => {
  it("opens from the keyboard, lists the department's people and saves the choice", async () => {
    const fetchMock = server(() =>
      Response.json({
        department: { id: 3, name: 'Operations', manager_id: 8 },
        manager: { id: 8, first_name: 'Alan', last_name: 'Turing' },
      }),
    );
    const onSaved = vi.fn();
    const { user } = render(onSaved);
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set manager of Operations' }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Set manager: Operations' });
    const select = within(dialog).getByRole('combobox', { name: 'Manager' }) as HTMLSelectElement;
    await within(dialog).findByRole('option', { name: 'Alan Turing (E-8)' });
    expect(select.value).toBe('7');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('department=3');
    await user.selectOptions(select, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Alan Turing'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ userId: 8 });
  });

  it("clears the manager with No manager, and shows the server's refusal", async () => {
    server(() =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'userId must be an active person of Operations',
            details: [{ field: 'userId', rule: 'in_department', message: 'x' }],
          },
        },
        { status: 400 },
      ),
    );
    const onSaved = vi.fn();
    const { user } = render(onSaved);
    await user.click(screen.getByRole('button', { name: 'Set manager of Operations' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Manager' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'userId must be an active person of Operations',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
