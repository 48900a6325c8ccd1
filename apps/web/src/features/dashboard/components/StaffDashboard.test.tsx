import { attendanceApi, dashboardApi, type MyStatus, type QuickStats } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, unreachable } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { StaffDashboard } from './StaffDashboard';

let present = false;
let checkInFails = false;
let myPending = 0;
const quickStats = (): QuickStats => ({
  attendanceStatus: present ? 'present' : 'absent',
  canCheckIn: !present,
  canCheckOut: present,
  totalLeaveBalance: 23,
  presentToday: 0,
  totalEmployees: 0,
  pendingLeaveRequests: 0,
  myPendingLeaveRequests: myPending,
  accessEventsToday: 0,
  dailyFootTraffic: 0,
  walkInRate: 0,
  footTrafficChange: { direction: 'neutral', value: 0 },
});
const status = (): MyStatus => ({
  date: '2026-07-06',
  check_in_time: present ? '2026-07-06T08:00:00.000Z' : null,
  check_out_time: null,
  hours_worked: present ? 0.5 : null,
  late: false,
  canCheckIn: !present,
  canCheckOut: present,
  time_zone: 'UTC',
});

beforeEach(() => {
  myPending = 0;
  present = false;
  checkInFails = false;
  fakeApi.on(dashboardApi.quickStats, () => ({ quickStats: quickStats() }));
  fakeApi.on(attendanceApi.myStatus, () => ({ status: status() }));
  fakeApi.on(attendanceApi.checkIn, () => {
    if (checkInFails) return unreachable;
    present = true;
    return { status: status() };
  });
});

const render = () =>
  renderRoutes([{ path: '/dashboard', element: <StaffDashboard firstName="Jamie" /> }], {
    path: '/dashboard',
    auth: fakeAuth(staffUser),
  });

describe('staff dashboard', () => {
  it("counts the person's own pending leave requests in Today's Summary", async () => {
    myPending = 2;
    render();
    expect(await screen.findByText('2 pending requests')).toBeTruthy();
  });

  it('checks in from Quick Check In and then offers Quick Check Out', async () => {
    const { user } = render();
    expect(await screen.findByText('Not Checked In', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Start your day')).toBeTruthy();
    expect(screen.getByTestId('leave-balance').textContent).toContain('23');
    expect(screen.getByText('No pending requests')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Quick Check In' }));
    expect(await screen.findByRole('button', { name: 'Quick Check Out' })).toBeTruthy();
    expect(screen.getByTestId('attendance-indicator').textContent).toBe('Checked In');
    expect(screen.getByText('Ready to check out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quick Check In' })).toBeNull();
  });

  it('says Check-in failed when the server cannot be reached', async () => {
    checkInFails = true;
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Quick Check In' }));
    expect(await screen.findByText('Check-in failed')).toBeTruthy();
  });
});
