import { type LeaveApplication, leaveApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, managerUser, renderRoutes } from '@/test/render';
import { LeaveManagement } from './LeaveManagement';
import { leaveApplication } from './leave-fixtures.test-support';

// A long journey through the screens: on a busy machine it needs more than the default five seconds.
const SLOW_JOURNEY_MS = 30_000;

const application = leaveApplication;

/** The slice of `rows` that ?page&pageSize ask for, as the server pages. */
function pageOf(rows: LeaveApplication[], query: URLSearchParams) {
  const size = Number(query.get('pageSize'));
  const from = (Number(query.get('page')) - 1) * size;
  return { page: rows.slice(from, from + size), more: rows.length > from + size };
}

let pending: LeaveApplication[];
let all: LeaveApplication[];
beforeEach(() => {
  pending = [application(1, 'Ann'), application(2, 'Ben')];
  all = pending;
  // The pending list comes with its total.
  fakeApi.on(leaveApi.pending, ({ query }) => ({
    applications: pageOf(pending, query).page.map((a) => ({ ...a, balance_after: a.id === 1 ? 12 : null })),
    total: pending.length,
  }));
  // All applications: newest first, and whether another page follows (no total).
  fakeApi.on(leaveApi.applications, ({ query }) => {
    const { page, more } = pageOf(all, query);
    return { applications: page, has_more: more };
  });
  fakeApi.on(leaveApi.stats, () => ({
    stats: { approved_today: 1, rejected_today: 0, on_leave_today: 2, pending: pending.length },
  }));
  fakeApi.on(leaveApi.batchDecision, ({ body }) => {
    const ids = body.applicationIds;
    pending = pending.filter((a) => !ids.includes(a.id));
    return {
      results: ids.map((id) => ({
        applicationId: id,
        outcome: 'decided' as const,
        status: 'approved' as const,
        message: 'ok',
      })),
      succeeded: ids.length,
      failed: 0,
    };
  });
  fakeApi.on(leaveApi.decide, ({ params }) =>
    params.id === '1'
      ? failure(409, 'conflict', 'Only pending applications can be decided')
      : failure(404, 'not_found', 'no'),
  );
});

const renderIt = () =>
  renderRoutes([{ path: '/leave', Component: LeaveManagement }], {
    path: '/leave',
    auth: fakeAuth(adminUser),
  });

describe('Leave Management', () => {
  it('pages a long pending list twenty at a time', { timeout: SLOW_JOURNEY_MS }, async () => {
    pending = Array.from({ length: 25 }, (_, i) => application(i + 1, `P${i + 1}`));
    renderIt();
    // The first render of the file loads every leave screen: allow a busy machine more than a second.
    await screen.findByRole('tab', { name: 'Pending (25)' }, { timeout: 10_000 });
    expect(await screen.findAllByTestId('pending-application')).toHaveLength(20);
    screen.getByRole('button', { name: 'Next' }).click();
    await waitFor(() => expect(screen.getAllByTestId('pending-application')).toHaveLength(5));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('pages All Applications by whether another page follows', { timeout: SLOW_JOURNEY_MS }, async () => {
    all = Array.from({ length: 23 }, (_, i) => application(i + 1, `A${i + 1}`, { status: 'approved' }));
    const { user } = renderIt();
    await user.click(await screen.findByRole('tab', { name: 'All Applications' }, { timeout: 10_000 }));
    expect(await screen.findByText('A1 Doe')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Application pages' });
    expect(pages.textContent).toContain('Page 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A21 Doe')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('A1 Doe')).toBeTruthy();
  });

  it('says on whose behalf a delegate decided, in the details', async () => {
    all = [
      application(1, 'Ann', {
        status: 'approved',
        decided_by: { id: 7, name: 'Dev Delegate' },
        on_behalf_of: { id: 3, name: 'Maud Manager' },
        decided_at: '2026-11-21T09:00:00Z',
      }),
      application(2, 'Ben', {
        status: 'rejected',
        decided_by: { id: 3, name: 'Maud Manager' },
        decided_at: '2026-11-21T09:05:00Z',
      }),
    ];
    const { user } = renderIt();
    await user.click(await screen.findByRole('tab', { name: 'All Applications' }));
    await screen.findByText('Ann Doe');
    const [annDetails, benDetails] = screen.getAllByRole('button', { name: 'View Details' });

    await user.click(annDetails!);
    let dialog = await screen.findByRole('dialog', { name: 'Application details' });
    expect(within(dialog).getByText('Dev Delegate on behalf of Maud Manager')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(benDetails!);
    dialog = await screen.findByRole('dialog', { name: 'Application details' });
    expect(within(dialog).getByText('Maud Manager')).toBeTruthy();
    expect(within(dialog).queryByText(/on behalf of/)).toBeNull();
  });

  it('shows the pending count in the header and tab, and the four figures', async () => {
    renderIt();
    expect(await screen.findByRole('tab', { name: 'Pending (2)' })).toBeTruthy();
    expect(screen.getByText('2 pending')).toBeTruthy();
    expect(await screen.findByText('On leave today')).toBeTruthy();
  });

  it('shows the balance each application would leave, where its type has a limit', async () => {
    renderIt();
    expect(await screen.findByText('Leaves 12 days of Annual Leave this year')).toBeTruthy();
    expect(screen.getAllByTestId('balance-after')).toHaveLength(1);
  });

  it('offers the policies to an administrator only', async () => {
    renderIt();
    await screen.findByRole('tab', { name: 'Pending (2)' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending (2)',
      'All Applications',
      'Calendar View',
      'Policies',
    ]);
    expect(screen.getByText('Review applications, see who is away and manage leave policies.')).toBeTruthy();
  });

  it("shows a manager their team's applications without the policies", async () => {
    renderRoutes([{ path: '/leave', Component: LeaveManagement }], {
      path: '/leave',
      auth: fakeAuth(managerUser),
    });
    await screen.findByRole('tab', { name: 'Pending (2)' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending (2)',
      'All Applications',
      'Calendar View',
    ]);
    expect(screen.getByText("Review your team's applications and see who is away.")).toBeTruthy();
    expect(screen.queryByText(/manage leave policies/)).toBeNull();
    expect(await screen.findByText('Ann Doe')).toBeTruthy();
  });

  it('asks for a selection first, then approves the selected in one batch', async () => {
    const { user } = renderIt();
    await screen.findByText('Ann Doe');
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('Please select applications first')).toBeTruthy();
    await user.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('2 applications approved successfully!')).toBeTruthy();
    expect(await screen.findByText('No pending applications')).toBeTruthy();
    expect(screen.getByText('All caught up!')).toBeTruthy();
  });

  it('says whom each pending application waits for, in the queue and in All Applications', async () => {
    pending = [
      application(1, 'Ann'),
      application(2, 'Ben', { admin_step: true }),
      application(3, 'Cai', {
        approval_step: 'admin',
        approver: null,
        admin_step: true,
        manager_approved_by: { id: 3, name: 'Sam Rivera' },
        manager_approved_at: '2026-11-21T09:00:00Z',
      }),
      application(4, 'Dee', { approval_step: 'admin', approver: null }),
    ];
    all = [...pending, application(5, 'Eve', { status: 'approved' })];
    const expected = [
      'Waiting for Sam Rivera',
      'Waiting for Sam Rivera (then an administrator)',
      'Approved by Sam Rivera; waiting for an administrator',
      'Waiting for an administrator',
    ];
    const { user } = renderIt();
    const queue = await screen.findAllByTestId('pending-application');
    expect(queue.map((row) => within(row).getByTestId('waiting-for').textContent)).toEqual(expected);
    // The decisions stay as they were.
    expect(within(queue[2]!).getByRole('button', { name: 'Approve Cai Doe' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'All Applications' }));
    await screen.findByText('Eve Doe');
    expect(screen.getAllByTestId('waiting-for').map((line) => line.textContent)).toEqual(expected);
  });

  it("shows the server's message when a decision fails", async () => {
    const { user } = renderIt();
    await user.click(await screen.findByRole('button', { name: 'Approve Ann Doe' }));
    await waitFor(() => expect(screen.getByText('Only pending applications can be decided')).toBeTruthy());
  });
});
