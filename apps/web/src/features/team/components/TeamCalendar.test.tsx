import { leaveApi, type TeamCalendarResponse, teamApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDateText } from '@/lib/dates';
import { setOrganisationTimeZone } from '@/lib/org-time';
import { fakeApi } from '@/test/fake-api';
import { fakeAuth, managerUser, renderRoutes } from '@/test/render';
import { TeamCalendar } from './TeamCalendar';
import { calendarDay, leaveEntry } from './team-fixtures.test-support';

const JULY: TeamCalendarResponse = {
  team_size: 10,
  clash_threshold: 3,
  days: [
    calendarDay('2026-07-06', { approved: 2, pending: 1, clash: true }),
    calendarDay('2026-07-07', { approved: 1 }),
    calendarDay('2026-07-20', { approved: 3, clash: true }),
  ],
};

/** 25 people off on 6 July: two pages of 20. */
const OFF = Array.from({ length: 25 }, (_, i) =>
  leaveEntry(i + 1, `Person ${String(i + 1).padStart(2, '0')}`, {
    status: i === 0 ? 'pending' : 'approved',
    part: i === 1 ? 'morning' : 'day',
    leave_type: i === 1 ? 'Sick Leave' : 'Annual Leave',
  }),
);

beforeEach(() => {
  // Only the clock is fake: today is Monday 6 July 2026 on the organisation's clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-07-06T10:00:00Z'));
  setOrganisationTimeZone('UTC');
  fakeApi.on(teamApi.calendar, ({ params }) =>
    params.month === '7' ? JULY : { team_size: 10, clash_threshold: 3, days: [] },
  );
  fakeApi.on(leaveApi.calendarDay, ({ params, query }) => {
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('pageSize') ?? 20);
    const off = params.date === '2026-07-06' ? OFF : [];
    return { entries: off.slice((page - 1) * size, page * size), total: off.length };
  });
});
afterEach(() => vi.useRealTimers());

const render = () =>
  renderRoutes([{ path: '/team', element: <TeamCalendar /> }], {
    path: '/team',
    auth: fakeAuth(managerUser),
  });

const grid = () => screen.getByTestId('team-calendar-grid');
/** A day of the grid, named by what it shows first: its number. */
const dayButton = (day: number) => within(grid()).getByRole('button', { name: new RegExp(`^${day}, `) });

describe('Team Calendar', () => {
  it("shows this month's counts, pending apart, and the clash days with a marker and a warning", async () => {
    render();
    expect(await screen.findByTestId('team-calendar-grid')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Team Calendar' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'July 2026' })).toBeTruthy();
    expect(fakeApi.requests(teamApi.calendar)[0]?.url).toBe('/api/team/calendar/2026/7');

    expect(screen.getByTestId('team-calendar-clash').textContent).toBe(
      'Clash: 2 days with 3 or more of your team off',
    );
    const sixth = dayButton(6);
    expect(within(sixth).getByText('3 off')).toBeTruthy();
    expect(within(sixth).getByText('1 pending')).toBeTruthy();
    expect(within(sixth).getByText('Clash')).toBeTruthy();
    expect(sixth.getAttribute('aria-current')).toBe('date');
    const seventh = dayButton(7);
    expect(within(seventh).getByText('1 off')).toBeTruthy();
    expect(within(seventh).queryByText(/pending/)).toBeNull();
    expect(within(seventh).queryByText('Clash')).toBeNull();
    expect(within(dayButton(20)).getByText('Clash')).toBeTruthy();
    expect(within(dayButton(8)).queryByText(/off/)).toBeNull();

    // Monday first: 1 July 2026, a Wednesday, follows two blanks under Mon and Tue.
    const cells = [...grid().children].slice(7, 10);
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      null,
      null,
      `1, ${calendarDateText('2026-07-01')}`,
    ]);
    expect(dayButton(6).getAttribute('aria-label')).toBe(
      `6, 3 off, 1 pending, Clash, ${calendarDateText('2026-07-06')}`,
    );
  });

  it('lists only the days with leave for a phone, each a button too', async () => {
    render();
    const list = await screen.findByTestId('team-calendar-list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      `${calendarDateText('2026-07-06', false)}, 3 off, 1 pending, Clash`,
      `${calendarDateText('2026-07-07', false)}, 1 off`,
      `${calendarDateText('2026-07-20', false)}, 3 off, Clash`,
    ]);
  });

  it('shows who is off on a clicked day, a page at a time', async () => {
    const { user } = render();
    await screen.findByTestId('team-calendar-grid');
    await user.click(dayButton(6));

    const panel = await screen.findByRole('region', { name: `Off on ${calendarDateText('2026-07-06')}` });
    expect(dayButton(6).getAttribute('aria-pressed')).toBe('true');
    await within(panel).findByText('Person 01');
    const people = within(panel).getAllByTestId('team-calendar-person');
    expect(people).toHaveLength(20);
    expect(within(people[0]!).getByText('Pending')).toBeTruthy();
    expect(within(people[1]!).getByText('Sick Leave · morning only')).toBeTruthy();
    expect(within(people[1]!).getByText('Approved')).toBeTruthy();
    expect(within(panel).getByText('25 people off')).toBeTruthy();
    const first = fakeApi.requests(leaveApi.calendarDay)[0];
    expect(first?.params.date).toBe('2026-07-06');
    expect(first?.query.get('page')).toBe('1');

    const pages = within(panel).getByRole('navigation', { name: 'People off pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(panel).getAllByTestId('team-calendar-person')).toHaveLength(5));
    expect(within(panel).getByText('Person 21')).toBeTruthy();
    expect(fakeApi.requests(leaveApi.calendarDay).at(-1)?.query.get('page')).toBe('2');
  });

  it('chooses a day by keyboard and says when nobody is off', async () => {
    const { user } = render();
    await screen.findByTestId('team-calendar-grid');
    dayButton(8).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: `Off on ${calendarDateText('2026-07-08')}` });
    expect(await within(panel).findByText('Nobody in your team is off on this day.')).toBeTruthy();
    expect(fakeApi.requests(leaveApi.calendarDay)[0]?.params.date).toBe('2026-07-08');
  });

  it('moves to the next and previous month, and warns only when a day clashes', async () => {
    const { user } = render();
    await screen.findByTestId('team-calendar-clash');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'August 2026' })).toBeTruthy();
    await waitFor(() =>
      expect(fakeApi.requests(teamApi.calendar).at(-1)?.url).toBe('/api/team/calendar/2026/8'),
    );
    await waitFor(() => expect(screen.queryByTestId('team-calendar-clash')).toBeNull());
    expect(screen.getByText('Nobody in your team is off this month.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'June 2026' })).toBeTruthy();
    await waitFor(() =>
      expect(fakeApi.requests(teamApi.calendar).at(-1)?.url).toBe('/api/team/calendar/2026/6'),
    );
  });

  it('gives no warning when the organisation turned it off', async () => {
    fakeApi.on(teamApi.calendar, {
      team_size: 10,
      clash_threshold: null,
      days: [calendarDay('2026-07-06', { approved: 6 })],
    });
    render();
    expect(within(await screen.findByTestId('team-calendar-grid')).getByText('6 off')).toBeTruthy();
    expect(screen.queryByTestId('team-calendar-clash')).toBeNull();
    expect(screen.queryByText('Clash')).toBeNull();
  });
});
