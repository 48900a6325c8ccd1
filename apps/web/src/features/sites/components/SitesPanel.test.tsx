import { type Site, sitesApi } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { SitesPanel } from './SitesPanel';

let sites: Site[];

const site = (over: Partial<Site> = {}): Site => ({
  id: 1,
  name: 'Head Office',
  time_zone: 'Europe/London',
  address: '1 Strand, London',
  latitude: null,
  longitude: null,
  geofence_m: null,
  work_week: [1, 2, 3, 4, 5],
  is_first: true,
  counts: { departments: 3, people: 12, devices: 2, cameras: 1 },
  today: '2026-11-27',
  utc_offset: '+00:00',
  ...over,
});

beforeEach(() => {
  sites = [site()];
  fakeApi.on(sitesApi.list, () => ({ sites }));
});

const renderPanel = () =>
  renderRoutes([{ path: '/sites', element: <SitesPanel /> }], { path: '/sites', auth: fakeAuth(adminUser) });

describe('Organisation > Sites', () => {
  it('shows each site with its zone, own today, work week and what it holds; the first has no Remove', async () => {
    sites = [
      site(),
      site({
        id: 2,
        name: 'Singapore Warehouse',
        time_zone: 'Asia/Singapore',
        address: null,
        work_week: [1, 2, 3, 4, 5, 6],
        is_first: false,
        counts: { departments: 1, people: 1, devices: 0, cameras: 2 },
        utc_offset: '+08:00',
      }),
    ];
    renderPanel();
    const rows = await screen.findAllByTestId('site-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Organisation's own site")).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Remove Head Office' })).toBeNull();
    expect(within(first).getByText('3 departments · 12 people')).toBeTruthy();
    expect(within(first).getByText('2 devices · 1 camera')).toBeTruthy();
    expect(within(second).getByText('Asia/Singapore')).toBeTruthy();
    expect(
      within(second).getByText(/^Today here: \w{3} \d{1,2} \w{3}, \d\d:\d\d \(UTC\+08:00\)$/),
    ).toBeTruthy();
    expect(within(second).getByText('Mon–Sat')).toBeTruthy();
    expect(within(second).getByText('No address')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Remove Singapore Warehouse' })).toBeTruthy();
  });

  it('adds a site, checking the form with the contract first', async () => {
    fakeApi.on(sitesApi.create, ({ body }) => {
      const created = site({
        id: 2,
        name: body.name,
        time_zone: body.timeZone,
        is_first: false,
        address: body.address ?? null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        geofence_m: body.geofenceM ?? null,
        work_week: body.workWeek,
        counts: { departments: 0, people: 0, devices: 0, cameras: 0 },
        utc_offset: '+08:00',
      });
      sites = [...sites, created];
      return { site: created };
    });
    const { user } = renderPanel();
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Add Site' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Site' });
    await user.type(within(dialog).getByLabelText('Time zone'), 'Mars/Olympus');
    await user.type(within(dialog).getByLabelText('Latitude'), '1.3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Site' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText(/^Time zone must be an IANA time zone/)).toBeTruthy();
    expect(within(dialog).getByText(/^Longitude must be given together with latitude/)).toBeTruthy();
    expect(fakeApi.requests(sitesApi.create)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Singapore Warehouse');
    await user.clear(within(dialog).getByLabelText('Time zone'));
    await user.type(within(dialog).getByLabelText('Time zone'), 'Asia/Singapore');
    await user.type(within(dialog).getByLabelText('Longitude'), '103.8');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Site' }));
    expect(await screen.findByText('Site added')).toBeTruthy();
    expect(fakeApi.requests(sitesApi.create)[0]?.body).toEqual({
      name: 'Singapore Warehouse',
      timeZone: 'Asia/Singapore',
      address: null,
      latitude: 1.3,
      longitude: 103.8,
      geofenceM: null,
      workWeek: [1, 2, 3, 4, 5, 6],
    });
    expect(await screen.findByText('Singapore Warehouse')).toBeTruthy();
  });

  it('shows a taken name at the field and edits a site', async () => {
    fakeApi.on(
      sitesApi.update,
      failure(409, 'conflict', 'A site named Depot already exists', [
        { field: 'name', rule: 'unique', message: 'This is already the name of a site' },
      ]),
    );
    const { user } = renderPanel();
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Edit Head Office' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Head Office' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Time zone').value).toBe('Europe/London');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Depot');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is already the name of a site')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('says why a site cannot be removed', async () => {
    sites = [site(), site({ id: 2, name: 'Depot', is_first: false })];
    fakeApi.on(
      sitesApi.remove,
      failure(409, 'conflict', 'Depot still has 1 department. Move them to another site before removing it.'),
    );
    const { user } = renderPanel();
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Remove Depot' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Depot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText(
        'Depot still has 1 department. Move them to another site before removing it.',
      ),
    ).toBeTruthy();
  });
});
