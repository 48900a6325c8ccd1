import {
  type AttendanceRecord,
  type AttendanceStats,
  attendanceApi,
  attendanceRequestsApi,
  type MyStatus,
  organisationApi,
} from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { monthBounds, todayLocal } from '../lib/calendar';
import { MyAttendance } from './MyAttendance';

const stats: AttendanceStats = {
  month: todayLocal().slice(0, 7),
  attendance_rate: 86.7,
  average_hours_per_day: 8.8,
  total_days: 15,
  present_days: 13,
  total_hours: 114.6,
  late_days: 2,
  streak: 3,
};
const open: MyStatus = {
  date: todayLocal(),
  check_in_time: null,
  check_out_time: null,
  hours_worked: null,
  late: false,
  canCheckIn: true,
  canCheckOut: false,
  time_zone: 'UTC',
};

// The page lists the person's correction requests below every tab; these tests have none.
beforeEach(() => fakeApi.on(attendanceRequestsApi.mine, { requests: [], next_cursor: null }));

const render = () =>
  renderRoutes([{ path: '/attendance', Component: MyAttendance }], {
    path: '/attendance',
    auth: fakeAuth(staffUser),
  });

describe('Statistics', () => {
  it('shows unavailable with Retry on a failed load, never fallback figures', async () => {
    let fail = true;
    fakeApi.on(attendanceApi.stats, () => (fail ? failure(500, 'internal', 'x') : { stats }));
    const { user } = render();
    expect(await screen.findByText('Attendance statistics are unavailable')).toBeTruthy();
    for (const invented of ['95%', '8.2', '22', '21', '15']) expect(screen.queryByText(invented)).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('86.7%')).toBeTruthy();
    expect(screen.getByText('8.8')).toBeTruthy();
    // Absent is total minus present; total hours come from the server.
    expect(within(screen.getByText('Absent').parentElement!).getByText('2')).toBeTruthy();
    expect(screen.getByText('114.6')).toBeTruthy();
  });
});

describe('Today', () => {
  it('offers Check In only when allowed, says Checking in... and shows the server error', async () => {
    let release: () => void = () => {};
    fakeApi.on(attendanceApi.stats, (request) =>
      request.query.get('month') === stats.month ? { stats } : failure(404, 'not_found', 'no'),
    );
    fakeApi.on(attendanceApi.myStatus, { status: open });
    fakeApi.on(
      attendanceApi.checkIn,
      () =>
        new Promise((resolve) => {
          release = () => resolve(failure(409, 'conflict', 'Already checked in today'));
        }),
    );
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Today' }));
    expect((await screen.findAllByText('Not recorded')).length).toBe(3);
    expect(screen.queryByRole('button', { name: 'Check Out' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(await screen.findByRole('button', { name: 'Checking in...' })).toBeTruthy();
    release();
    expect(await screen.findByText('Already checked in today')).toBeTruthy();
  });
});

describe('Calendar', () => {
  it('colours days from the records and rings today in a 42-cell Sunday-first grid', async () => {
    const today = todayLocal();
    const { start } = monthBounds(today.slice(0, 7));
    const record = (date: string, status: AttendanceRecord['attendance_status']): AttendanceRecord => ({
      id: status === 'absent' || status === 'on_leave' ? null : 1,
      user_id: staffUser.id,
      first_name: 'Jamie',
      last_name: 'Carter',
      email: staffUser.email,
      department_id: 1,
      department_name: 'Warehouse',
      date,
      check_in_time: status === 'absent' || status === 'on_leave' ? null : `${date}T08:55:00.000Z`,
      check_out_time: status === 'complete' ? `${date}T17:35:00.000Z` : null,
      attendance_status: status,
      hours: null,
      late: false,
      early_exit: false,
      forgotten_checkout: false,
      source: status === 'absent' || status === 'on_leave' ? null : 'web',
      leave_type: status === 'on_leave' ? 'Annual Leave' : null,
      time_zone: 'UTC',
    });
    const rows = [record(today, 'checked_in')];
    if (start < today) rows.push(record(start, 'absent'));
    const leaveDay = `${start.slice(0, 8)}02`;
    if (leaveDay < today) rows.push(record(leaveDay, 'on_leave'));
    fakeApi.on(attendanceApi.list, { attendance: rows, total: rows.length, page: 1, pageSize: 200 });
    fakeApi.on(organisationApi.holidays, { holidays: [] });
    fakeApi.on(attendanceApi.stats, { stats });
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    const table = await screen.findByTestId('attendance-calendar');
    const cells = table.querySelectorAll('td');
    expect(cells).toHaveLength(42);
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Sun');
    const todayCell = table.querySelector(`td[data-date="${today}"]`)!;
    expect(todayCell.getAttribute('data-kind')).toBe('partial');
    expect(todayCell.getAttribute('aria-current')).toBe('date');
    if (start < today)
      expect(table.querySelector(`td[data-date="${start}"]`)!.getAttribute('data-kind')).toBe('absent');
    expect(screen.getByText('Partial (checked in only)')).toBeTruthy();
    if (leaveDay < today) {
      const leave = table.querySelector(`td[data-date="${leaveDay}"]`)!;
      expect(leave.getAttribute('data-kind')).toBe('leave');
      expect(leave.textContent).toContain('Annual Leave');
      expect(leave.textContent).toContain('On leave');
    }
  });

  it('names a public holiday on its day, and a record on a holiday still shows as worked', async () => {
    const today = todayLocal();
    const month = today.slice(0, 7);
    const [off, worked] = today.endsWith('-15')
      ? [`${month}-16`, `${month}-17`]
      : [`${month}-15`, `${month}-16`];
    const row: AttendanceRecord = {
      id: 7,
      user_id: staffUser.id,
      first_name: 'Jamie',
      last_name: 'Carter',
      email: staffUser.email,
      department_id: 1,
      department_name: 'Warehouse',
      date: worked,
      check_in_time: `${worked}T08:55:00.000Z`,
      check_out_time: `${worked}T12:05:00.000Z`,
      attendance_status: 'complete',
      hours: 3.2,
      late: false,
      early_exit: false,
      forgotten_checkout: false,
      source: 'web',
      leave_type: null,
      time_zone: 'UTC',
    };
    // The person's own site's holidays (person=me): another site's are workdays for them.
    fakeApi.on(organisationApi.holidays, ({ query }) => ({
      holidays:
        query.get('person') === 'me'
          ? [
              { id: 1, date: off, name: 'Founders Day', site_id: null, site: null },
              { id: 2, date: worked, name: 'Harvest Day', site_id: 1, site: 'Head Office' },
            ]
          : [],
    }));
    fakeApi.on(attendanceApi.list, { attendance: [row], total: 1, page: 1, pageSize: 200 });
    fakeApi.on(attendanceApi.stats, { stats });
    const { user } = render();
    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    const table = await screen.findByTestId('attendance-calendar');
    const offCell = () => table.querySelector(`td[data-date="${off}"]`)!;
    await vi.waitFor(() => expect(offCell().getAttribute('data-kind')).toBe('holiday'));
    expect(offCell().textContent).toContain('Founders Day');
    expect(table.querySelector(`td[data-date="${worked}"]`)!.getAttribute('data-kind')).toBe('present');
    expect(screen.getByText('Public holiday (nobody is absent)')).toBeTruthy();
  });
});
