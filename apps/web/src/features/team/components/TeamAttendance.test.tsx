import { type AttendanceRecord, attendanceApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganisationTimeZone } from '@/lib/org-time';
import { fakeApi } from '@/test/fake-api';
import { fakeAuth, managerUser, renderRoutes } from '@/test/render';
import { TeamAttendance } from './TeamAttendance';
import { personDay } from './team-fixtures.test-support';

const TODAY = '2026-07-06';

/** The team's 23 person-days today: three named ones, then 20 more, paged by name. */
const DAYS: AttendanceRecord[] = [
  personDay(1, 'Ann', 'Early', {
    check_in_time: `${TODAY}T08:12:00.000Z`,
    check_out_time: `${TODAY}T16:30:00.000Z`,
    hours: 8.3,
  }),
  personDay(2, 'Ben', 'Late', {
    attendance_status: 'checked_in',
    check_in_time: `${TODAY}T09:40:00.000Z`,
    late: true,
  }),
  personDay(3, 'Cas', 'Away', {
    id: null,
    attendance_status: 'on_leave',
    leave_type: 'Annual Leave',
    source: null,
  }),
  ...Array.from({ length: 20 }, (_, i) =>
    personDay(10 + i, 'Zed', String(i).padStart(2, '0'), {
      id: null,
      attendance_status: 'absent',
      source: null,
    }),
  ),
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T10:00:00Z`));
  setOrganisationTimeZone('UTC');
  fakeApi.on(attendanceApi.list, ({ query }) => {
    const page = Number(query.get('page'));
    const size = Number(query.get('pageSize'));
    const status = query.get('status');
    const search = (query.get('search') ?? '').toLowerCase();
    const found = DAYS.filter(
      (d) =>
        (!status || d.attendance_status === status) &&
        `${d.first_name} ${d.last_name}`.toLowerCase().includes(search),
    ).map((d) => ({ ...d, date: query.get('date') ?? TODAY }));
    return {
      attendance: found.slice((page - 1) * size, page * size),
      total: found.length,
      page,
      pageSize: size,
    };
  });
});
afterEach(() => vi.useRealTimers());

const render = () =>
  renderRoutes([{ path: '/team', element: <TeamAttendance /> }], {
    path: '/team',
    auth: fakeAuth(managerUser),
  });

const rows = () => screen.getAllByTestId('team-attendance-row');
const row = (name: string) => {
  const found = rows().find((r) => within(r).queryByRole('rowheader', { name }));
  if (!found) throw new Error(`No row for ${name}`);
  return found;
};
const lastList = () => fakeApi.requests(attendanceApi.list).at(-1)?.query;

describe('Team Attendance', () => {
  it("lists the team's person-days for today, 20 a page", async () => {
    const { user } = render();
    expect(screen.getByRole('heading', { level: 2, name: 'Team Attendance' })).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(TODAY);
    await screen.findAllByTestId('team-attendance-row');
    expect(rows()).toHaveLength(20);
    expect(lastList()?.get('date')).toBe(TODAY);
    expect(lastList()?.get('pageSize')).toBe('20');

    const ann = row('Ann Early');
    expect(within(ann).getByText('Complete')).toBeTruthy();
    expect(within(ann).getByText('08:12')).toBeTruthy();
    expect(within(ann).getByText('16:30')).toBeTruthy();
    expect(within(ann).getByText('8.3')).toBeTruthy();
    expect(within(row('Ben Late')).getByText('Checked In')).toBeTruthy();
    expect(within(row('Ben Late')).getByText('Late')).toBeTruthy();
    expect(within(row('Cas Away')).getByText('On leave')).toBeTruthy();
    expect(within(row('Cas Away')).getByText('Annual Leave')).toBeTruthy();
    expect(screen.getByText('23 rows')).toBeTruthy();

    const pages = screen.getByRole('navigation', { name: 'Team attendance pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lastList()?.get('page')).toBe('2');
  });

  it('asks again for a chosen date, a name and a status, from page 1', async () => {
    const { user } = render();
    await screen.findAllByTestId('team-attendance-row');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Team attendance pages' })).getByText('Next'),
    );
    await waitFor(() => expect(lastList()?.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-03' } });
    await waitFor(() => expect(lastList()?.get('date')).toBe('2026-07-03'));
    expect(lastList()?.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Status'), 'absent');
    await waitFor(() => expect(lastList()?.get('status')).toBe('absent'));
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Complete', 'Checked In', 'Absent', 'On leave']);

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(screen.getByLabelText('Search by name'), 'ann');
    await waitFor(() => expect(lastList()?.get('search')).toBe('ann'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastList()?.get('status')).toBeNull();
  });

  it('says so when nobody matches', async () => {
    const { user } = render();
    await screen.findAllByTestId('team-attendance-row');
    await user.type(screen.getByLabelText('Search by name'), 'nobody');
    expect(await screen.findByText('No attendance records found for the selected criteria.')).toBeTruthy();
  });

  it("exports the chosen day's CSV with the search, saying how much has arrived", async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(() => 'blob:team-csv'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let release = () => {};
    fakeApi.file(
      attendanceApi.exportCsv,
      () =>
        new Promise<string>((resolve) => (release = () => resolve('Name,Date\r\nAnn Early,2026-07-03\r\n'))),
      'text/csv',
    );
    const { user } = render();
    await screen.findAllByTestId('team-attendance-row');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-03' } });
    await user.type(screen.getByLabelText('Search by name'), 'ann');
    await waitFor(() => expect(lastList()?.get('search')).toBe('ann'));

    const exportButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Export' });
    await user.click(exportButton);
    expect(await screen.findByText('Exporting... 0.0 MB received')).toBeTruthy();
    expect(exportButton.disabled).toBe(true);
    await waitFor(() => expect(fakeApi.requests(attendanceApi.exportCsv)).toHaveLength(1));
    expect(fakeApi.requests(attendanceApi.exportCsv)[0]?.body).toEqual({
      startDate: '2026-07-03',
      endDate: '2026-07-03',
      search: 'ann',
      format: 'csv',
    });

    release();
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText(/^Exporting\.\.\./)).toBeNull());
    expect(exportButton.disabled).toBe(false);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('attendance-2026-07-03.csv');
  });

  it('says so when the export fails', async () => {
    fakeApi.fail(attendanceApi.exportCsv, 500, 'internal', 'Something went wrong');
    const { user } = render();
    await screen.findAllByTestId('team-attendance-row');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
  });
});
