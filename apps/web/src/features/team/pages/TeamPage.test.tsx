import { type TeamMemberToday, type TeamTodayResponse, teamApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarDateText } from '@/lib/dates';
import { setOrganisationTimeZone } from '@/lib/org-time';
import { failure, fakeApi } from '@/test/fake-api';
import { fakeAuth, managerUser, renderRoutes } from '@/test/render';
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

beforeEach(() => {
  setOrganisationTimeZone('UTC');
  fakeApi.on(teamApi.today, ({ query }) => answer(query));
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

  it('says so when nobody is expected today', async () => {
    fakeApi.on(teamApi.today, ({ query }) => ({
      ...answer(query, []),
      counts: { expected: 0, present: 0, late: 0, absent: 0, not_yet_in: 0, on_leave: 0 },
    }));
    render();
    expect(await screen.findByText('Nobody in your team is expected today.')).toBeTruthy();
    expect(screen.queryByTestId('team-member')).toBeNull();
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
