import { type AccessLog, type AccessStatus, accessApi, type MyAccessStats } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { MyAccess } from './MyAccess';

const log = (id: number, action: 'entry' | 'exit', timestamp: string): AccessLog => ({
  id,
  result: 'granted',
  user_id: staffUser.id,
  first_name: 'Jamie',
  last_name: 'Carter',
  department_name: 'Warehouse',
  action,
  access_point: 'Main Entrance',
  device_id: `HK-${String(id).padStart(3, '0')}`,
  timestamp,
  card_no: '0004521187',
  verify_mode: 'card',
  has_picture: false,
  camera_id: null,
});

let status: AccessStatus;
let stats: MyAccessStats;
let fail: boolean;
// While `fail` is set, the server answers every call with this.
const down = failure(500, 'internal', 'x');

beforeEach(() => {
  fail = false;
  status = { status: 'out', last_access: null, last_access_point: null };
  stats = { today_entries: 0, week_entries: 3, authorized_areas: 2 };
  fakeApi.on(accessApi.myStatus, () => (fail ? down : { status }));
  fakeApi.on(accessApi.myStats, () => (fail ? down : { stats }));
  fakeApi.on(accessApi.myLogs, ({ query }) => {
    if (fail) return down;
    if (query.get('limit') === '5') return { logs: [], next_cursor: null };
    if (query.get('limit') !== '25') return failure(404, 'not_found', 'no');
    // Two keyset pages: the second is asked for with the first one's cursor.
    if (query.get('cursor') === 'page2')
      return { logs: [log(1, 'entry', '2026-10-01T08:00:00Z')], next_cursor: null };
    return { logs: [log(2, 'exit', '2026-10-02T17:00:00Z')], next_cursor: 'page2' };
  });
  fakeApi.on(accessApi.myPermissions, () =>
    fail
      ? down
      : {
          permissions: [
            {
              id: 1,
              area_name: 'Main Building',
              description: 'Offices and common areas',
              status: 'active',
              granted_via: 'department',
              valid_from: null,
              valid_until: null,
              doors: [
                {
                  access_point_id: 1,
                  access_point: 'Main Entrance',
                  days: [1, 2, 3, 4, 5, 6, 7],
                  starts: '00:00',
                  ends: '24:00',
                },
                {
                  access_point_id: 2,
                  access_point: 'Warehouse Dock',
                  days: [1, 2, 3, 4, 5],
                  starts: '06:00',
                  ends: '20:00',
                },
              ],
            },
            {
              id: 2,
              area_name: 'Server Room',
              description: 'IT equipment',
              status: 'suspended',
              granted_via: 'person',
              valid_from: null,
              valid_until: '2026-12-31',
              doors: [],
            },
          ],
        },
  );
  fakeApi.on(accessApi.simulate, ({ body }) => {
    if (fail) return down;
    status = { status: 'in', last_access: new Date().toISOString(), last_access_point: body.access_point };
    stats = { ...stats, today_entries: 1, week_entries: 4 };
    return { log: log(9, body.action, new Date().toISOString()) };
  });
});
// Whole-screen journeys typed key by key; on a loaded two-core machine they outlast the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const render = () =>
  renderRoutes([{ path: '/access-control', Component: MyAccess }], {
    path: '/access-control',
    auth: fakeAuth(staffUser),
  });

describe('My Access overview', () => {
  it('records an entry at Main Entrance with an HK- device id, then shows In Building from the server', async () => {
    const { user } = render();
    expect(await screen.findByText('Out of Building')).toBeTruthy();
    expect(
      screen.getByText('No recent access recorded', { selector: '[data-testid="last-access"]' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('week-entries')).textContent).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Entry recorded successfully!')).toBeTruthy();
    const { body } = fakeApi.requests(accessApi.simulate)[0]!;
    expect(body.action).toBe('entry');
    expect(body.access_point).toBe('Main Entrance');
    expect(body.device_id).toMatch(/^HK-\d{3}$/);

    expect(await screen.findByText('In Building')).toBeTruthy();
    expect(screen.getByTestId('last-access').textContent).toMatch(
      /^Last access: Today \d{2}:\d{2} at Main Entrance$/,
    );
    await waitFor(() => expect(screen.getByTestId('today-entries').textContent).toBe('1'));
  });

  it('shows the failure text when the passage is refused', async () => {
    const { user } = render();
    await screen.findByText('Out of Building');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('Failed to record access event')).toBeTruthy();
  });

  it('says unavailable with Retry instead of inventing figures', async () => {
    fail = true;
    const { user } = render();
    expect(await screen.findByText('Your access figures are unavailable')).toBeTruthy();
    expect(screen.getByText('Your access status is unavailable')).toBeTruthy();
    expect(screen.queryByTestId('week-entries')).toBeNull();
    fail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Retry' })) await user.click(retry);
    expect((await screen.findByTestId('week-entries')).textContent).toBe('3');
  });
});

describe('Timeline and Permissions', () => {
  it('loads older passages with the cursor of the previous page', async () => {
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findAllByTestId('timeline-item')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('timeline-item')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists areas with their status', async () => {
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    const items = await screen.findAllByTestId('permission');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Main Building');
    expect(items[0]!.textContent).toContain('Active');
    expect(items[1]!.textContent).toContain('Suspended');
    // Each door with when it opens for them, in words.
    const doors = within(items[0]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(doors).toEqual(['Main Entrance · every day, all day', 'Warehouse Dock · Mon–Fri 06:00–20:00']);
  });
});
