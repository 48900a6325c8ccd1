import {
  type AttendanceRecord,
  attendanceApi,
  attendanceRequestsApi,
  type CorrectionRequest,
} from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { organisationInstant } from '@/lib/org-time';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { CorrectionRequestsPanel } from './CorrectionRequestsPanel';
import { MyCorrections } from './MyCorrections';

const request = (over: Partial<CorrectionRequest>): CorrectionRequest => ({
  id: 1,
  user: { id: staffUser.id, name: 'Jamie Carter' },
  first_name: 'Jamie',
  last_name: 'Carter',
  department_name: 'Warehouse',
  date: '2026-11-20',
  record_id: 7,
  recorded_check_in_time: '2026-11-20T09:00:00.000Z',
  recorded_check_out_time: null,
  check_in_time: null,
  check_out_time: '2026-11-20T17:30:00.000Z',
  reason: 'Forgot to check out',
  status: 'pending',
  created_at: '2026-11-21T08:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  ...over,
});

/** The day of `request({})` as its approval writes it. */
const corrected: AttendanceRecord = {
  id: 7,
  user_id: staffUser.id,
  first_name: 'Jamie',
  last_name: 'Carter',
  email: staffUser.email,
  department_id: 1,
  department_name: 'Warehouse',
  date: '2026-11-20',
  check_in_time: '2026-11-20T09:00:00.000Z',
  check_out_time: '2026-11-20T17:30:00.000Z',
  attendance_status: 'complete',
  hours: 8.5,
  late: false,
  early_exit: false,
  forgotten_checkout: false,
  source: 'correction',
  leave_type: null,
  time_zone: 'UTC',
};

const posts = () => fakeApi.requests().filter((s) => s.method === 'POST');

describe('My correction requests', () => {
  it('lists requests with status and the reason for a rejection, and cancels a pending one', async () => {
    fakeApi.on(attendanceRequestsApi.cancel, { request: request({ status: 'cancelled' }) });
    fakeApi.on(attendanceRequestsApi.mine, {
      requests: [
        request({ id: 2 }),
        request({
          id: 1,
          date: '2026-11-18',
          status: 'rejected',
          decision_reason: 'Door log says 10:00',
        }),
      ],
      next_cursor: null,
    });
    const { user } = renderRoutes([{ path: '/', Component: MyCorrections }], { auth: fakeAuth(staffUser) });
    const items = await screen.findAllByTestId('my-correction');
    expect(within(items[0]!).getByText('Pending')).toBeTruthy();
    expect(within(items[0]!).getByText(/recorded: none/)).toBeTruthy();
    expect(within(items[1]!).getByText('Rejected')).toBeTruthy();
    expect(within(items[1]!).getByText('Reason for rejection: Door log says 10:00')).toBeTruthy();
    // Only a pending request can be withdrawn.
    expect(within(items[1]!).queryByRole('button', { name: /^Cancel request/ })).toBeNull();
    await user.click(
      within(items[0]!).getByRole('button', { name: /^Cancel request for Fri,? 20 Nov 2026/ }),
    );
    await vi.waitFor(() =>
      expect(posts().map((p) => p.url)).toEqual(['/api/attendance/correction-requests/2/cancel']),
    );
  });

  it('asks for a day with a reason, checks the form first and shows a refusal under its field', async () => {
    fakeApi.fail(attendanceRequestsApi.create, 400, 'validation_failed', 'x', [
      { field: 'check_in_time', rule: 'required_without_record', message: 'check_in_time is required' },
    ]);
    fakeApi.on(attendanceApi.list, { attendance: [], total: 0, page: 1, pageSize: 1 });
    fakeApi.on(attendanceRequestsApi.mine, { requests: [], next_cursor: null });
    const { user } = renderRoutes([{ path: '/', Component: MyCorrections }], { auth: fakeAuth(staffUser) });
    expect(await screen.findByText(/No correction requests yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Choose a day.')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason for the correction.')).toBeTruthy();
    expect(posts()).toEqual([]);

    const day = '2026-11-20';
    await user.type(within(dialog).getByLabelText('Day'), day);
    // The day's record (none here) shows under the date, so the person knows a check-in is needed.
    expect(await within(dialog).findByText(/Nothing is recorded on this day/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Check in'), '10:00');
    await user.type(within(dialog).getByLabelText('Check out'), '09:00');
    await user.type(within(dialog).getByLabelText('Reason'), 'Forgot');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Check-out must not be before check-in.')).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Check in'));
    await user.clear(within(dialog).getByLabelText('Check out'));
    await user.type(within(dialog).getByLabelText('Check out'), '17:30');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('Nothing is recorded on this day, so give a check-in time.'),
    ).toBeTruthy();
    expect(posts()[0]!.body).toEqual({
      date: day,
      check_out_time: organisationInstant(day, '17:30'),
      reason: 'Forgot',
    });

    fakeApi.on(attendanceRequestsApi.create, { request: request({}) });
    await user.type(within(dialog).getByLabelText('Check in'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Correction request sent')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()[1]!.body).toMatchObject({ check_in_time: organisationInstant(day, '09:00') });
  });
});

describe('Corrections tab (admin)', () => {
  it('approves, and rejects with an optional reason', async () => {
    fakeApi.on(attendanceRequestsApi.approve, {
      request: request({ status: 'approved' }),
      record: corrected,
    });
    fakeApi.on(attendanceRequestsApi.reject, { request: request({ status: 'rejected' }) });
    fakeApi.on(attendanceRequestsApi.list, { requests: [request({ id: 5 })], next_cursor: null });
    const { user } = renderRoutes([{ path: '/', Component: CorrectionRequestsPanel }], {
      auth: fakeAuth(adminUser),
    });
    expect((await screen.findAllByTestId('correction-request')).length).toBe(1);
    expect(fakeApi.requests()[0]!.url).toBe('/api/attendance/correction-requests?status=pending&limit=20');
    await user.click(screen.getByRole('button', { name: /^Approve Jamie Carter/ }));
    await vi.waitFor(() =>
      expect(posts().map((p) => p.url)).toEqual(['/api/attendance/correction-requests/5/approve']),
    );

    await user.click(screen.getByRole('button', { name: /^Reject Jamie Carter/ }));
    const dialog = await screen.findByRole('dialog', { name: /Reject correction/ });
    await user.type(within(dialog).getByLabelText(/Reason/), 'No badge record');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]).toMatchObject({
      url: '/api/attendance/correction-requests/5/reject',
      body: { reason: 'No badge record' },
    });
  });
});
