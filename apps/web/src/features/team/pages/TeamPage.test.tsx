import {
  type DelegationResponse,
  type DirectoryPerson,
  delegationApi,
  peopleApi,
  type TeamMemberToday,
  type TeamTodayResponse,
  teamApi,
} from '@atrium/contract';
import { addDays } from '@atrium/contract/calendar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarDateText, dayMonthYearText } from '@/lib/dates';
import { organisationToday, setOrganisationTimeZone } from '@/lib/org-time';
import { failure, fakeApi } from '@/test/fake-api';
import { fakeAuth, managerUser, renderRoutes } from '@/test/render';
import { answerQuietTeam } from '../components/team-fixtures.test-support';
import { TeamPage } from './TeamPage';

const TODAY = '2026-07-06';

const member = (user_id: number, name: string, more: Partial<TeamMemberToday> = {}): TeamMemberToday => ({
  user_id,
  name,
  department_name: 'Warehouse',
  status: 'present',
  check_in_time: null,
  check_out_time: null,
  leave_type: null,
  last_passage: null,
  ...more,
});

const counts = { expected: 10, present: 8, late: 2, absent: 1, not_yet_in: 1, on_leave: 1 };

const FIRST_PAGE: TeamMemberToday[] = [
  member(1, 'Ann Early', {
    check_in_time: `${TODAY}T08:12:00.000Z`,
    check_out_time: `${TODAY}T16:30:00.000Z`,
    last_passage: { at: `${TODAY}T08:12:00.000Z`, action: 'entry', access_point: 'Main Door' },
  }),
  member(2, 'Ben Late', {
    status: 'late',
    department_name: 'Packing',
    check_in_time: `${TODAY}T09:40:00.000Z`,
    last_passage: { at: '2026-07-03T17:02:00.000Z', action: 'exit', access_point: 'Side Door' },
  }),
  member(3, 'Cas Away', { status: 'on_leave', leave_type: 'Annual Leave', department_name: null }),
  member(4, 'Dee Soon', { status: 'not_yet_in' }),
  member(5, 'Eli Gone', { status: 'absent' }),
];

/** A team of 30: the five above, then 25 more, paged as the server pages them by name. */
const TEAM = [
  ...FIRST_PAGE,
  ...Array.from({ length: 25 }, (_, i) => member(100 + i, `Zed ${String(i).padStart(2, '0')}`)),
];

function answer(query: URLSearchParams, team = TEAM): TeamTodayResponse {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 25);
  return {
    date: TODAY,
    counts,
    members: team.slice((page - 1) * pageSize, page * pageSize),
    total: team.length,
    page,
    pageSize,
  };
}

const person = (id: number, first: string, last: string): DirectoryPerson => ({
  id,
  first_name: first,
  last_name: last,
  department_name: 'Packing',
});

/** Active people; Sam Rivera is the manager signed in (managerUser). */
const PEOPLE = [person(7, 'Dev', 'Delegate'), person(8, 'Dina', 'Deputy'), person(3, 'Sam', 'Rivera')];

/** The delegation the fake server holds; PUT sets it, DELETE ends it. */
let held: DelegationResponse['delegation'];

beforeEach(() => {
  setOrganisationTimeZone('UTC');
  held = null;
  answerQuietTeam();
  fakeApi.on(teamApi.today, ({ query }) => answer(query));
  fakeApi.on(delegationApi.get, () => ({ delegation: held }));
  fakeApi.on(delegationApi.set, ({ body }) => {
    const delegate = PEOPLE.find((p) => p.id === body.delegateId)!;
    const name = `${delegate.first_name} ${delegate.last_name}`;
    held = { delegate: { id: delegate.id, name }, from: body.from, to: body.to };
    return { delegation: held };
  });
  fakeApi.on(delegationApi.end, () => {
    held = null;
    return { ok: true };
  });
  fakeApi.on(peopleApi.directory, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    return { people: PEOPLE.filter((p) => `${p.first_name} ${p.last_name}`.toLowerCase().includes(search)) };
  });
});
afterEach(() => setOrganisationTimeZone('UTC'));

const render = () =>
  renderRoutes([{ path: '/team', element: <TeamPage /> }], { path: '/team', auth: fakeAuth(managerUser) });

const tile = (key: string) => screen.getByTestId(`team-tile-${key}`).textContent;
const rows = () => screen.getAllByTestId('team-member');
const row = (name: string) => {
  const found = rows().find((r) => within(r).queryByRole('rowheader', { name }));
  if (!found) throw new Error(`No row for ${name}`);
  return found;
};

describe('My Team', () => {
  it('shows the header, the tiles from the counts and the day', async () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'My Team' })).toBeTruthy();
    expect(screen.getByText('Your team today: who is in, late, away or not in yet.')).toBeTruthy();
    expect(await screen.findByTestId('team-tile-present')).toBeTruthy();
    expect(tile('present')).toBe('Present8 of 10 expected');
    expect(tile('late')).toBe('Late2');
    expect(tile('not_yet_in')).toBe('Not Yet In1');
    expect(tile('absent')).toBe('Absent1');
    expect(tile('on_leave')).toBe('On Leave1');
    // The date in the app's words (lib/dates), whatever the ICU data in use writes between them.
    expect(screen.getByTestId('team-date').textContent).toBe(calendarDateText(TODAY));
    expect(screen.getByText('30 people')).toBeTruthy();
  });

  it('lists the members with their status, times, leave and last passage', async () => {
    render();
    await screen.findByTestId('team-tile-present');
    expect(rows()).toHaveLength(25);

    const ann = row('Ann Early');
    expect(within(ann).getByText('Warehouse')).toBeTruthy();
    expect(within(ann).getByText('Present')).toBeTruthy();
    expect(within(ann).getByText('08:12')).toBeTruthy();
    expect(within(ann).getByText('16:30')).toBeTruthy();
    expect(within(ann).getByText('Entry, Main Door, 08:12')).toBeTruthy();

    const ben = row('Ben Late');
    expect(within(ben).getByText('Late')).toBeTruthy();
    expect(within(ben).getByText('Packing')).toBeTruthy();
    expect(within(ben).getByText('09:40')).toBeTruthy();
    // A passage on another day says which.
    expect(
      within(ben).getByText(`Exit, Side Door, ${calendarDateText('2026-07-03', false)}, 17:02`),
    ).toBeTruthy();

    const cas = row('Cas Away');
    expect(within(cas).getByText('On leave')).toBeTruthy();
    expect(within(cas).getByText('Annual Leave')).toBeTruthy();
    expect(within(cas).getByText('No department')).toBeTruthy();
    expect(within(cas).getByText('No passage')).toBeTruthy();

    expect(within(row('Dee Soon')).getByText('Not yet in')).toBeTruthy();
    expect(within(row('Eli Gone')).getByText('Absent')).toBeTruthy();
  });

  it('asks for 25 a page and for page 2 with Next', async () => {
    const { user } = render();
    await screen.findByTestId('team-tile-present');
    expect(fakeApi.requests(teamApi.today).map((r) => r.query.get('page'))).toEqual(['1']);
    expect(fakeApi.requests(teamApi.today)[0]?.query.get('pageSize')).toBe('25');

    const pages = screen.getByRole('navigation', { name: 'Team pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]?.textContent).toContain('Zed 20');
    const sent = fakeApi.requests(teamApi.today).at(-1);
    expect(sent?.query.get('page')).toBe('2');
    expect(sent?.query.get('pageSize')).toBe('25');
  });

  it('says so when nobody is expected today, and keeps the tiles (a weekend check-in still counts)', async () => {
    fakeApi.on(teamApi.today, ({ query }) => ({
      ...answer(query, []),
      counts: { expected: 0, present: 0, late: 0, absent: 0, not_yet_in: 0, on_leave: 0 },
    }));
    render();
    expect(await screen.findByText('Nobody in your team is expected today.')).toBeTruthy();
    expect(screen.queryByTestId('team-member')).toBeNull();
    expect(screen.getByTestId('team-tile-present').textContent).toContain('0');
  });

  it('shows a Retry when the team cannot be loaded, and loads it again', async () => {
    let fail = true;
    fakeApi.on(teamApi.today, ({ query }) =>
      fail ? failure(500, 'internal', 'Something went wrong') : answer(query),
    );
    const { user } = render();
    expect(await screen.findByText('Team Today is unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('team-tile-present')).toBeTruthy();
  });
});

describe('Delegate My Approvals', () => {
  const card = () => screen.getByRole('region', { name: 'Delegate My Approvals' });

  it('shows the delegation in force and ends it', async () => {
    held = { delegate: { id: 7, name: 'Dev Delegate' }, from: '2026-06-16', to: '2026-06-19' };
    const { user } = render();
    expect(
      await screen.findByText("Dev Delegate decides your team's leave from 16 Jun 2026 to 19 Jun 2026."),
    ).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: 'Delegate' })).toBeNull();

    await user.click(within(card()).getByRole('button', { name: 'End Delegation' }));
    expect(await screen.findByText('Delegation ended')).toBeTruthy();
    expect(fakeApi.requests(delegationApi.end)).toHaveLength(1);
    // The form takes its place, and the keyboard stays in the card.
    expect(await within(card()).findByRole('button', { name: 'Delegate' })).toBeTruthy();
    expect(screen.queryByTestId('delegation-current')).toBeNull();
    expect(document.activeElement).toBe(
      within(card()).getByRole('heading', { name: 'Delegate My Approvals' }),
    );
  });

  it('finds a person, sends the delegate and the dates, and then shows the delegation', async () => {
    const today = organisationToday();
    const last = addDays(today, 3);
    const { user } = render();
    const delegate = (await within(
      await screen.findByRole('region', { name: 'Delegate My Approvals' }),
    ).findByLabelText('Delegate')) as HTMLSelectElement;
    // From starts at today on the organisation's clock; no day before it can be chosen.
    const from = within(card()).getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe(today);
    expect(from.min).toBe(today);

    await user.type(within(card()).getByLabelText('Find a person'), 'de');
    await waitFor(() => expect(fakeApi.requests(peopleApi.directory).at(-1)?.query.get('search')).toBe('de'));
    await user.selectOptions(
      delegate,
      await within(delegate).findByRole('option', { name: /^Dev Delegate / }),
    );
    // One's approvals cannot go to oneself: the signed-in manager is not offered.
    await user.clear(within(card()).getByLabelText('Find a person'));
    await within(delegate).findByRole('option', { name: /^Dina Deputy / });
    expect(within(delegate).queryByRole('option', { name: /^Sam Rivera / })).toBeNull();
    expect(delegate.value).toBe('7');

    fireEvent.change(within(card()).getByLabelText('To'), { target: { value: last } });
    await user.click(within(card()).getByRole('button', { name: 'Delegate' }));

    const text = `Dev Delegate decides your team's leave from ${dayMonthYearText(today)} to ${dayMonthYearText(last)}`;
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fakeApi.requests(delegationApi.set).map((r) => r.body)).toEqual([
      { delegateId: 7, from: today, to: last },
    ]);
    expect(await within(card()).findByText(`${text}.`)).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'End Delegation' })).toBeTruthy();
  });

  it('asks for a person and a last day before sending anything', async () => {
    const { user } = render();
    const submit = await within(
      await screen.findByRole('region', { name: 'Delegate My Approvals' }),
    ).findByRole('button', { name: 'Delegate' });
    await user.click(submit);
    expect(await within(card()).findByText('Choose someone to delegate to')).toBeTruthy();
    expect(within(card()).getByText('Choose the last day')).toBeTruthy();
    expect(within(card()).getByLabelText('Delegate').getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests(delegationApi.set)).toHaveLength(0);
  });

  it("shows the server's 400 under the form and its field message at the field", async () => {
    const message = 'must be within 366 days of from';
    fakeApi.on(delegationApi.set, () =>
      failure(400, 'validation_failed', `to: ${message}`, [{ field: 'to', rule: 'max_period', message }]),
    );
    const { user } = render();
    const delegate = (await within(
      await screen.findByRole('region', { name: 'Delegate My Approvals' }),
    ).findByLabelText('Delegate')) as HTMLSelectElement;
    await user.selectOptions(
      delegate,
      await within(delegate).findByRole('option', { name: /^Dina Deputy / }),
    );
    const to = within(card()).getByLabelText('To');
    fireEvent.change(to, { target: { value: addDays(organisationToday(), 400) } });
    await user.click(within(card()).getByRole('button', { name: 'Delegate' }));

    const alerts = await within(card()).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain(`to: ${message}`);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const fieldMessage = document.getElementById(to.getAttribute('aria-describedby')!);
    expect(fieldMessage?.textContent).toBe('To must be within 366 days of From');
    // Nothing changed: the form stays, with what was entered.
    expect(within(card()).getByRole('button', { name: 'Delegate' })).toBeTruthy();
    expect(delegate.value).toBe('8');
  });

  it('is not shown to someone who manages no department themselves (403)', async () => {
    fakeApi.on(
      delegationApi.get,
      failure(403, 'forbidden', 'Only the manager of a department can hand their approvals on'),
    );
    render();
    await screen.findByTestId('team-tile-present');
    await waitFor(() => expect(fakeApi.requests(delegationApi.get)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Delegate My Approvals' })).toBeNull();
    expect(screen.queryByText(/delegation is unavailable/)).toBeNull();
  });

  it('says so, with a Retry, when the delegation cannot be loaded', async () => {
    fakeApi.on(delegationApi.get, failure(500, 'internal', 'Something went wrong'));
    render();
    expect(await screen.findByText('Your delegation is unavailable')).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Retry loading your delegation' })).toBeTruthy();
  });
});
