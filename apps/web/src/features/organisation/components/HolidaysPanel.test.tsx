import { type Holiday, type HolidayRequest, organisationApi, sitesApi } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { organisationToday } from '@/lib/org-time';
import { holidayQueries } from '@/lib/queries/holidays';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE, TWO_SITES } from '@/test/site-fixtures';
import { HolidaysPanel } from './HolidaysPanel';

const year = Number(organisationToday().slice(0, 4));
let holidays: Holiday[];
let sent: HolidayRequest[];
beforeEach(() => {
  holidays = [];
  sent = [];
  fakeApi.on(sitesApi.list, ONE_SITE);
  fakeApi.on(organisationApi.holidays, () => ({ holidays }));
  fakeApi.on(organisationApi.createHoliday, ({ body }) => {
    sent.push(body);
    const site = TWO_SITES.sites.find((s) => s.id === body.siteId);
    const holiday = {
      id: holidays.length + 1,
      date: body.date,
      name: body.name,
      site_id: site?.id ?? null,
      site: site?.name ?? null,
    };
    holidays = [...holidays, holiday];
    return { holiday };
  });
});

/** Another screen that names holidays (the attendance calendar): the shared year query. */
function CalendarHolidays() {
  const list = useQuery(holidayQueries.year(year));
  return (
    <ul aria-label="Calendar holidays">
      {list.data?.map((h) => (
        <li key={h.id}>{h.name}</li>
      ))}
    </ul>
  );
}

const renderPanel = () =>
  renderRoutes(
    [
      {
        path: '/settings',
        element: (
          <>
            <HolidaysPanel />
            <CalendarHolidays />
          </>
        ),
      },
    ],
    { path: '/settings', auth: fakeAuth(adminUser) },
  );

describe('Public holidays', () => {
  it('an added holiday reaches every other screen that reads the year', async () => {
    const { user } = renderPanel();
    expect(await screen.findByText(`No public holidays declared for ${year}.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    const dialog = screen.getByRole('dialog');
    // One site: every holiday is everyone's, so there is no site to choose.
    expect(within(dialog).queryByLabelText('Site')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Founders Day' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));

    const calendar = screen.getByRole('list', { name: 'Calendar holidays' });
    expect(await within(calendar).findByText('Founders Day')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ name: 'Founders Day', siteId: null })]);
    expect(screen.queryByText(/All sites/)).toBeNull();
  });

  it('with two sites, declares a holiday of one site or of all, and names each row’s site', async () => {
    fakeApi.on(sitesApi.list, TWO_SITES);
    const { user } = renderPanel();
    expect(await screen.findByText(`No public holidays declared for ${year}.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    let dialog = screen.getByRole('dialog');
    const site = await within(dialog).findByLabelText('Site');
    expect([...(site as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All sites',
      'Head Office',
      'Singapore Warehouse',
    ]);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'National Day' } });
    await user.selectOptions(site, 'Singapore Warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));
    const list = await screen.findByRole('list', { name: `Public Holidays ${year}` });
    expect(await within(list).findByText(/Singapore Warehouse/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: `${year}-12-25` } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Christmas Day' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));
    expect(await within(list).findByText(/All sites/)).toBeTruthy();
    expect(sent.map((b) => b.siteId)).toEqual([2, null]);

    // Editing keeps the holiday's site.
    await user.click(within(list).getByRole('button', { name: 'Edit National Day' }));
    dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Site') as HTMLSelectElement).value).toBe('2');
  });
});
