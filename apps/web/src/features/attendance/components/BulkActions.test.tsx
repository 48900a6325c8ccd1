import { attendanceApi } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { BulkActions } from './BulkActions';

const render = (selected: number[], onDone = vi.fn()) =>
  renderRoutes(
    [
      {
        path: '/',
        element: <BulkActions date="2026-07-06" selected={selected} onDone={onDone} onExport={vi.fn()} />,
      },
    ],
    { auth: fakeAuth(adminUser) },
  );

describe('bulk actions', () => {
  it('asks for a selection first and calls nothing', async () => {
    const { user } = render([]);
    await user.click(screen.getByRole('button', { name: 'Mark Present' }));
    expect(await screen.findByText('Please select employees first')).toBeTruthy();
    expect(fakeApi.requests()).toEqual([]);
  });

  it('marks the selection and reports success', async () => {
    fakeApi.on(attendanceApi.bulkMarkAbsent, (request) =>
      request.body.userIds.length === 2
        ? { bulk: { action: 'absent', date: '2026-07-06', changed: 2, unchanged: 0 } }
        : failure(500, 'internal', 'Internal server error'),
    );
    const onDone = vi.fn();
    const { user } = render([4, 5], onDone);
    expect(screen.getByText('2 selected')).toBeTruthy();
    // The one rule of Mark Present, today or a past day, is shown beside the buttons.
    expect(screen.getByRole('button', { name: 'Mark Present' }).getAttribute('aria-describedby')).toContain(
      'bulk-rule',
    );
    expect(
      screen.getByText(/checked in at the schedule's start, checked out at its end once that has passed/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark Absent' }));
    expect(await screen.findByText('Bulk mark absent completed successfully!')).toBeTruthy();
    const [sent] = fakeApi.requests();
    expect(sent?.url).toBe('/api/attendance/bulk-mark-absent');
    expect(sent?.body).toEqual({
      userIds: [4, 5],
      date: '2026-07-06',
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('reports the spec failure text when the server refuses', async () => {
    fakeApi.fail(attendanceApi.bulkMarkPresent, 500, 'internal', 'Internal server error');
    const onDone = vi.fn();
    const { user } = render([9], onDone);
    await user.click(screen.getByRole('button', { name: 'Mark Present' }));
    expect(await screen.findByText('Bulk action failed. Please try again.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
