import { type LeaveApplication, leaveApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes, staffUser } from '@/test/render';
import { LeavePage } from '../pages/LeavePage';
import { LeaveHistory } from './LeaveHistory';
import { LeaveManagement } from './LeaveManagement';
import { leaveApplication } from './leave-fixtures.test-support';

// Own leave for administrators, rejection reasons, cancelling approved leave, plurals.
const SLOW_JOURNEY_MS = 30_000;

// Leave that has not started yet, so approved leave can still be cancelled.
const application = (id: number, first: string, over: Partial<LeaveApplication> = {}): LeaveApplication =>
  leaveApplication(id, first, { start_date: '2099-12-01', end_date: '2099-12-03', ...over });

let pending: LeaveApplication[];
/** The requests that carried a body: the decisions sent. */
const bodies = () =>
  fakeApi
    .requests()
    .filter((request) => request.body !== undefined)
    .map(({ url, body }) => ({ url, body }));

beforeEach(() => {
  // The admin's own application (user id 1) waits beside Ann's and Ben's.
  pending = [
    application(1, 'Ann'),
    application(2, 'Ben'),
    application(3, 'Alex', { user: { id: 1, name: 'Alex Morgan' }, user_id: 1, last_name: 'Morgan' }),
  ];
  fakeApi.on(leaveApi.pending, () => ({
    applications: pending.map((a) => ({ ...a, balance_after: 12 })),
    total: pending.length,
  }));
  fakeApi.on(leaveApi.stats, {
    stats: { approved_today: 0, rejected_today: 0, on_leave_today: 0, pending: 3 },
  });
  fakeApi.on(leaveApi.batchDecision, ({ body }) => {
    const ids = body.applicationIds;
    pending = pending.filter((a) => !ids.includes(a.id));
    const results = ids.map((id) => ({
      applicationId: id,
      outcome: 'decided' as const,
      status: 'approved' as const,
      message: '',
    }));
    return { results, succeeded: ids.length, failed: 0 };
  });
  fakeApi.on(leaveApi.decide, ({ params }) => {
    const app = pending.find((a) => a.id === Number(params.id))!;
    pending = pending.filter((a) => a !== app);
    return { application: { ...app, status: 'rejected' } };
  });
  fakeApi.on(leaveApi.myApplications, { applications: [] });
  fakeApi.on(leaveApi.myBalance, { balances: [] });
  fakeApi.on(leaveApi.types, { leaveTypes: [] });
});

const renderManagement = () =>
  renderRoutes([{ path: '/leave', Component: LeaveManagement }], {
    path: '/leave',
    auth: fakeAuth(adminUser),
  });

describe('an administrator on /leave', () => {
  it('switches to My Leave with the keyboard', { timeout: SLOW_JOURNEY_MS }, async () => {
    const { user } = renderRoutes([{ path: '/leave', Component: LeavePage }], {
      path: '/leave',
      auth: fakeAuth(adminUser),
    });
    const views = await screen.findByRole('tablist', { name: 'Leave view' }, { timeout: 10_000 });
    expect(
      await screen.findByRole('heading', { name: /Leave Management/ }, { timeout: 10_000 }),
    ).toBeTruthy();
    within(views).getByRole('tab', { name: 'Leave Management' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(views).getByRole('tab', { name: 'My Leave' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'My Leave' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Apply for Leave' })).toBeTruthy();
  });

  it('is not offered a decision on their own application, nor its selection', async () => {
    renderManagement();
    const own = (await screen.findByText('Alex Morgan')).closest('li')!;
    expect(within(own).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(within(own).queryByRole('checkbox')).toBeNull();
    expect(within(own).getByText('Your application: another administrator decides it')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve Ann Doe' })).toBeTruthy();
  });
});

describe('rejecting', () => {
  it('asks for an optional reason and sends it', async () => {
    const { user } = renderManagement();
    await user.click(await screen.findByRole('button', { name: 'Reject Ann Doe' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Ann Doe's application?" });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Stock-take that week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Application rejected successfully!')).toBeTruthy();
    expect(bodies().at(-1)).toEqual({
      url: expect.stringContaining('/leave/applications/1/status'),
      body: { status: 'rejected', adminComments: 'Stock-take that week' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends no comment when no reason is given, in a batch too; one approval is singular', async () => {
    const { user } = renderManagement();
    await user.click(await screen.findByLabelText('Select Ben Doe, Annual Leave'));
    await user.click(screen.getByRole('button', { name: 'Reject Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]!.body).toEqual({ applicationIds: [2], action: 'rejected' });

    await user.click(await screen.findByLabelText('Select Ann Doe, Annual Leave'));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('1 application approved successfully!')).toBeTruthy();
  });
});

describe('My Leave history', () => {
  const renderHistory = (applications: LeaveApplication[]) =>
    renderRoutes([{ path: '/leave', Component: () => <LeaveHistory applications={applications} /> }], {
      path: '/leave',
      auth: fakeAuth(staffUser),
    });

  it('offers Cancel on approved leave that has not started, not on leave that has', async () => {
    renderHistory([
      application(1, 'Jamie', { status: 'approved', start_date: '2099-12-01', end_date: '2099-12-03' }),
      application(2, 'Jamie', { status: 'approved', start_date: '2020-03-02', end_date: '2020-03-03' }),
    ]);
    expect(
      await screen.findByRole('button', { name: 'Cancel Annual Leave 1 Dec 2099 – 3 Dec 2099' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel Annual Leave 2 Mar 2020/ })).toBeNull();
  });

  it('tells the applicant whom a pending application waits for, and nothing once decided', async () => {
    renderHistory([
      application(1, 'Jamie', { approver: { id: 3, name: 'Sam Rivera' }, admin_step: true }),
      application(2, 'Jamie', {
        approval_step: 'admin',
        approver: null,
        admin_step: true,
        manager_approved_by: { id: 3, name: 'Sam Rivera' },
        manager_approved_at: '2026-11-21T09:00:00Z',
      }),
      application(3, 'Jamie', { status: 'approved' }),
    ]);
    const rows = await screen.findAllByTestId('leave-history-row');
    expect(within(rows[0]!).getByText('Waiting for Sam Rivera (then an administrator)')).toBeTruthy();
    expect(within(rows[1]!).getByText('Approved by Sam Rivera; waiting for an administrator')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('waiting-for')).toBeNull();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
  });

  it('shows the reason of a rejection, but not the old fixed text', async () => {
    renderHistory([
      application(1, 'Jamie', { status: 'rejected', admin_comments: 'Stock-take that week' }),
      application(2, 'Jamie', { status: 'rejected', admin_comments: 'Application rejected by admin' }),
    ]);
    expect(await screen.findByText('Reason: Stock-take that week')).toBeTruthy();
    expect(screen.queryByText(/Application rejected by admin/)).toBeNull();
  });
});
