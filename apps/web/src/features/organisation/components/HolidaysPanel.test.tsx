import { type Holiday, organisationApi } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { organisationToday } from '@/lib/org-time';
import { holidayQueries } from '@/lib/queries/holidays';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { HolidaysPanel } from './HolidaysPanel';

const year = Number(organisationToday().slice(0, 4));
let holidays: Holiday[];
beforeEach(() => {
  holidays = [];
  fakeApi.on(organisationApi.holidays, () => ({ holidays }));
  fakeApi.on(organisationApi.createHoliday, ({ body }) => {
    const holiday = { id: holidays.length + 1, ...body };
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

describe('Public holidays', () => {
  it('an added holiday reaches every other screen that reads the year', async () => {
    const { user } = renderRoutes(
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
    expect(await screen.findByText(`No public holidays declared for ${year}.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Founders Day' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));

    const calendar = screen.getByRole('list', { name: 'Calendar holidays' });
    expect(await within(calendar).findByText('Founders Day')).toBeTruthy();
  });
});
