import {
  type ApplyLeaveRequest,
  type LeaveApplication,
  type LeaveBalance,
  LeaveDayCountQuery,
  type LeaveType,
  leaveApi,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { localToday } from '../lib/wizard';
import { leaveApplication } from './leave-fixtures.test-support';
import { MyLeave } from './MyLeave';

// A long journey through the screens: on a busy machine it needs more than the default five seconds.
const SLOW_JOURNEY_MS = 30_000;

const types: LeaveType[] = [
  {
    id: 1,
    leave_name: 'Annual Leave',
    leave_code: 'AL',
    max_days_per_year: 25,
    requires_approval: true,
    working_days_only: true,
  },
  {
    id: 4,
    leave_name: 'Unpaid Leave',
    leave_code: 'UL',
    max_days_per_year: 0,
    requires_approval: true,
    working_days_only: false,
  },
];
const balance = (id: number, name: string, remaining: number | null): LeaveBalance => ({
  leave_type_id: id,
  leave_type: name,
  year: 2026,
  max_days_per_year: remaining === null ? 0 : 25,
  unlimited: remaining === null,
  carried_forward: 0,
  entitled_days: remaining === null ? 0 : 25,
  used_days: 3,
  pending_applications: 0,
  pending_days: 0,
  remaining_days: remaining,
});

type Period = Pick<ApplyLeaveRequest, 'startDate' | 'endDate' | 'startHalf' | 'endHalf'>;

/** The server's count for the test: calendar days, less half a day for each half. */
function fakeDayCount({ startDate, endDate, startHalf, endHalf }: Period) {
  const span = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1;
  return span - (startHalf === 'afternoon' ? 0.5 : 0) - (endHalf === 'morning' ? 0.5 : 0);
}

/** The pending application the server makes of what was sent. */
const applied = (request: ApplyLeaveRequest): LeaveApplication =>
  leaveApplication(9, 'Jamie', {
    user: { id: staffUser.id, name: 'Jamie Carter' },
    user_id: staffUser.id,
    last_name: 'Carter',
    email: staffUser.email,
    leave_type_id: request.leaveTypeId,
    leave_type_name: types.find((type) => type.id === request.leaveTypeId)!.leave_name,
    start_date: request.startDate,
    end_date: request.endDate,
    days_requested: fakeDayCount(request),
    start_half: request.startHalf ?? null,
    end_half: request.endHalf ?? null,
    reason: request.reason,
    applied_at: '2026-07-06T10:00:00.000Z',
    created_at: '2026-07-06T10:00:00.000Z',
  });

beforeEach(() => {
  fakeApi.on(leaveApi.types, { leaveTypes: types });
  fakeApi.on(leaveApi.myBalance, {
    balances: [balance(1, 'Annual Leave', 22), balance(4, 'Unpaid Leave', null)],
  });
  fakeApi.on(leaveApi.myApplications, { applications: [] });
  fakeApi.on(leaveApi.dayCount, ({ query }) => {
    // Read as the server reads it: through the contract's query schema.
    const days = fakeDayCount(LeaveDayCountQuery.parse(Object.fromEntries(query)));
    return { days, years: [{ year: 2026, days }] };
  });
  fakeApi.on(leaveApi.apply, ({ body }) => ({ application: applied(body) }));
});

const sentApplication = () => fakeApi.requests(leaveApi.apply)[0]?.body;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function renderMyLeave() {
  return renderRoutes([{ path: '/leave', Component: MyLeave }], {
    path: '/leave',
    auth: fakeAuth(staffUser),
  });
}

describe('My Leave', () => {
  it('shows balances and the empty recent list on the Overview', async () => {
    renderMyLeave();
    expect(await screen.findByText('No leave applications yet')).toBeTruthy();
    expect(screen.getByText('22')).toBeTruthy();
    expect(screen.getByText('No limit')).toBeTruthy();
  });

  it('says on the Overview whom a pending application waits for', async () => {
    fakeApi.on(leaveApi.myApplications, {
      applications: [
        leaveApplication(1, 'Jamie', { approval_step: 'admin', approver: null }),
        leaveApplication(2, 'Jamie', { status: 'rejected', admin_comments: 'Busy week' }),
      ],
    });
    renderMyLeave();
    expect(await screen.findByText('Waiting for an administrator')).toBeTruthy();
    expect(screen.getAllByTestId('waiting-for')).toHaveLength(1);
  });

  it('walks the wizard with every validation message, then submits and returns to the Overview', {
    timeout: SLOW_JOURNEY_MS,
  }, async () => {
    const { user } = renderMyLeave();
    await user.click(await screen.findByRole('tab', { name: 'Apply for Leave' }));
    const next = () => user.click(screen.getByRole('button', { name: 'Next' }));

    await next();
    expect(screen.getByRole('alert').textContent).toBe('Please select a leave type');
    await user.click(screen.getByRole('radio', { name: /Annual Leave/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await next();

    await next();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Start date is required',
      'End date is required',
    ]);
    const today = localToday();
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    expect(start.min).toBe(today);
    fireEvent.change(start, { target: { value: addDays(today, 5) } });
    expect(end.min).toBe(addDays(today, 5));
    fireEvent.change(end, { target: { value: addDays(today, 3) } });
    await next();
    expect(screen.getByRole('alert').textContent).toBe('End date must be after start date');
    fireEvent.change(end, { target: { value: addDays(today, 7) } });
    await waitFor(() =>
      expect(screen.getByTestId('leave-day-count').textContent).toBe('3 days requested · 22 days remaining'),
    );
    expect(
      screen.getByText('Counts working days only: weekends and public holidays are not counted.'),
    ).toBeTruthy();
    await next();

    await user.type(screen.getByLabelText('Reason'), '   ');
    await next();
    expect(screen.getByRole('alert').textContent).toBe('Please provide a reason for your leave');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await next();
    await user.type(screen.getByLabelText('Reason'), 'Family trip');
    await next();

    expect(screen.getByText('Review your application')).toBeTruthy();
    expect(screen.getByText('19 days')).toBeTruthy(); // remaining after this
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Leave application submitted successfully!')).toBeTruthy();
    expect(sentApplication()).toEqual({
      leaveTypeId: 1,
      startDate: addDays(today, 5),
      endDate: addDays(today, 7),
      reason: 'Family trip',
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('asks the server for the count with the halves chosen, shows 1.5 and 0.5 days and sends the halves', {
    timeout: SLOW_JOURNEY_MS,
  }, async () => {
    const { user } = renderMyLeave();
    await user.click(await screen.findByRole('tab', { name: 'Apply for Leave' }));
    await user.click(screen.getByRole('radio', { name: /Annual Leave/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const first = addDays(localToday(), 5);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: first } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: addDays(first, 1) } });
    await user.selectOptions(screen.getByLabelText('First day'), 'From the afternoon');
    const count = () => screen.getByTestId('leave-day-count').textContent;
    await waitFor(() => expect(count()).toBe('1.5 days requested · 22 days remaining'));
    await user.selectOptions(screen.getByLabelText('Last day'), 'Until noon (morning only)');
    await waitFor(() => expect(count()).toBe('1 day requested · 22 days remaining'));

    // One day: a single select, whose morning ends the leave at noon.
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: first } });
    expect(screen.queryByLabelText('Last day')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Day'), 'Morning only');
    await waitFor(() => expect(count()).toBe('0.5 days requested · 22 days remaining'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Reason'), 'Dentist');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('21.5 days')).toBeTruthy(); // remaining after this
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Leave application submitted successfully!');
    expect(sentApplication()).toEqual({
      leaveTypeId: 1,
      startDate: first,
      endDate: first,
      endHalf: 'morning',
      reason: 'Dentist',
    });
  });

  it('allows the same start and end day', async () => {
    const { user } = renderMyLeave();
    await user.click(await screen.findByRole('tab', { name: 'Apply for Leave' }));
    await user.click(screen.getByRole('radio', { name: /Annual Leave/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const day = addDays(localToday(), 1);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: day } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Reason')).toBeTruthy();
  });

  it("refuses a reason longer than the contract's 2000 characters before sending anything", async () => {
    const { user } = renderMyLeave();
    await user.click(await screen.findByRole('tab', { name: 'Apply for Leave' }));
    await user.click(screen.getByRole('radio', { name: /Annual Leave/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const day = addDays(localToday(), 1);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: day } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // maxLength stops typing, not a pasted or scripted value: the contract's limit still applies.
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('alert').textContent).toBe('Reason must be at most 2000 characters');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests().some((request) => request.method === 'POST')).toBe(false);
  });

  it('starts again at step 1 after switching tabs', async () => {
    const { user } = renderMyLeave();
    await user.click(await screen.findByRole('tab', { name: 'Apply for Leave' }));
    await user.click(screen.getByRole('radio', { name: /Annual Leave/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Start date')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No leave applications found')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Apply for Leave' }));
    const steps = screen.getByRole('list', { name: 'Application steps' });
    expect(within(steps).getByText('Type').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect((screen.getByRole('radio', { name: /Annual Leave/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderMyLeave();
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    overview.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Apply for Leave' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Apply for Leave' }));
  });
});
