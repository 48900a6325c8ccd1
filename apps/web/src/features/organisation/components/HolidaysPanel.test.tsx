import type { Holiday } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationToday } from '@/lib/org-time';
import { holidayQueries } from '@/lib/queries/holidays';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { HolidaysPanel } from './HolidaysPanel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const year = Number(organisationToday().slice(0, 4));
let holidays: Holiday[];
beforeEach(() => {
  holidays = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === `/api/holidays?year=${year}`) return json({ holidays });
      if (url === '/api/holidays' && init?.method === 'POST') {
        const holiday = { id: holidays.length + 1, ...JSON.parse(String(init.body)) };
        holidays = [...holidays, holiday];
        return json({ holiday }, 201);
      }
      return json({ error: { code: 'not_found', message: 'no' } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

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
