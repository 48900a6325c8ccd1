import { type DirectoryPerson, type Person, peopleApi, sitesApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { PersonPage } from './PersonPage';

const directoryPerson = (id: number, first: string, last: string): DirectoryPerson => ({
  id,
  first_name: first,
  last_name: last,
  department_name: 'Sales',
});

/** Active people; Nina (5) is the person whose page is open. */
const PEOPLE = [
  directoryPerson(5, 'Nina', 'Newhire'),
  directoryPerson(8, 'Dana', 'Lee'),
  directoryPerson(9, 'Priya', 'Shah'),
];

/** The person as the fake server holds them: PUT leave-approver changes it. */
let nina: Person;

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  nina = {
    id: 5,
    first_name: 'Nina',
    last_name: 'Newhire',
    email: 'nina@atrium.local',
    role: 'staff',
    department_id: 4,
    department_name: 'Warehouse',
    employee_number: 'E-5',
    badge_number: 'B-5',
    start_date: null,
    end_date: null,
    active: true,
    leave_approver: null,
    has_password: true,
    site_id: 1,
    site: 'Head Office',
    home_site_id: null,
  };
  fakeApi.on(peopleApi.person, () => ({
    person: nina,
    schedule: { workdays: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '17:00', grace_minutes: 10 },
    recent_attendance: [],
    leave_balances: [],
    access_permissions: [],
  }));
  fakeApi.on(peopleApi.directory, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    return { people: PEOPLE.filter((p) => `${p.first_name} ${p.last_name}`.toLowerCase().includes(search)) };
  });
  fakeApi.on(peopleApi.setLeaveApprover, ({ body }) => {
    const approver = PEOPLE.find((p) => p.id === body.approverId);
    nina = {
      ...nina,
      leave_approver: approver
        ? { id: approver.id, name: `${approver.first_name} ${approver.last_name}` }
        : null,
    };
    return { person: nina };
  });
});

const renderPage = () =>
  renderRoutes([{ path: '/settings/people/:id', Component: PersonPage }], {
    path: '/settings/people/5',
    auth: fakeAuth(adminUser),
  });

const section = () => screen.getByRole('region', { name: 'Leave approver' });
const approverShown = () => within(section()).getByTestId('leave-approver').textContent;

describe('Leave approver on the person page', () => {
  it('chooses anyone active but the person, sends them and shows them', async () => {
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Leave approver' });
    expect(approverShown()).toBe('Department managers');
    // Nothing to clear while the department's managers decide.
    expect(within(section()).queryByRole('button', { name: 'Clear' })).toBeNull();

    await user.click(within(section()).getByRole('button', { name: 'Change' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave approver: Nina Newhire' });
    // The search takes the focus, so the keyboard can type a name at once.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Find a person'));
    const approver = within(dialog).getByLabelText('Approver') as HTMLSelectElement;
    await within(approver).findByRole('option', { name: /^Dana Lee / });
    // Nobody approves their own leave.
    expect(within(approver).queryByRole('option', { name: /^Nina Newhire / })).toBeNull();

    await user.type(within(dialog).getByLabelText('Find a person'), 'pri');
    await waitFor(() =>
      expect(fakeApi.requests(peopleApi.directory).at(-1)?.query.get('search')).toBe('pri'),
    );
    await waitFor(() => expect(within(approver).queryByRole('option', { name: /^Dana Lee / })).toBeNull());
    await user.selectOptions(approver, within(approver).getByRole('option', { name: /^Priya Shah / }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Priya Shah approves Nina Newhire's leave")).toBeTruthy();
    expect(fakeApi.requests(peopleApi.setLeaveApprover).map((r) => [r.params.id, r.body])).toEqual([
      ['5', { approverId: 9 }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(approverShown()).toBe('Priya Shah'));
  });

  it('clears the approver, going back to the department managers', async () => {
    nina = { ...nina, leave_approver: { id: 8, name: 'Dana Lee' } };
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Leave approver' });
    expect(approverShown()).toBe('Dana Lee');

    await user.click(within(section()).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText("Nina Newhire's leave goes to their department's managers")).toBeTruthy();
    expect(fakeApi.requests(peopleApi.setLeaveApprover).map((r) => r.body)).toEqual([{ approverId: null }]);
    await waitFor(() => expect(approverShown()).toBe('Department managers'));
    // Clear went with the approver: the keyboard stays in the section.
    expect(document.activeElement).toBe(within(section()).getByRole('button', { name: 'Change' }));
  });

  it('asks for a person first, and shows what the server refuses at the field', async () => {
    fakeApi.on(peopleApi.setLeaveApprover, () =>
      failure(400, 'validation_failed', 'approverId must be an active person', [
        { field: 'approverId', rule: 'active_person', message: 'must be an active person' },
      ]),
    );
    const { user } = renderPage();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Leave approver' })).findByRole('button', {
        name: 'Change',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Leave approver: Nina Newhire' });
    const approver = within(dialog).getByLabelText('Approver') as HTMLSelectElement;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a person to approve their leave')).toBeTruthy();
    expect(approver.getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests(peopleApi.setLeaveApprover)).toHaveLength(0);

    await user.selectOptions(approver, await within(approver).findByRole('option', { name: /^Dana Lee / }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose an active person')).toBeTruthy();
    expect(within(dialog).getByText('approverId must be an active person')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Leave approver: Nina Newhire' })).toBeTruthy();
  });
});
